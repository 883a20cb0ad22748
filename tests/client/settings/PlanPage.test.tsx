import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PlanSettings } from '../../../domain/planSettings.ts';
import type { UserApi } from '../../../src/api/userApi.ts';
import { PlanPage } from '../../../src/modules/settings/components/PlanPage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';

afterEach(cleanup);

const MINE: PlanSettings = {
  holder: {
    user_id: 1,
    email: 'me@acme.test',
    name: 'Me Myself',
    organisation_name: 'Acme',
    plan_type: 'PREMIUM',
    has_share_profile_perm: true,
    has_daily_iq_perm: false,
    has_weekly_account_insight_perm: false,
    sales_x_usage_permission: true,
    export_widget_permission: false,
  },
  can_change: false,
  changes: [
    {
      id: 3,
      user_email: 'me@acme.test',
      field: 'sales_x_usage_permission',
      old_value: 'off',
      new_value: 'on',
      changed_by: 'support@internal.test',
      changed_at: '2026-11-20T10:00:00.000Z',
    },
  ],
};

function renderPage(stubs: Partial<UserApi>, userEmail = 'me@acme.test') {
  const userApi: UserApi = { ...appServices.userApi, ...stubs };
  render(
    <ServicesContext.Provider value={{ ...appServices, userApi }}>
      <PlanPage userEmail={userEmail} />
    </ServicesContext.Provider>,
  );
}

describe('Settings › Plan', () => {
  it('shows everyone their plan type, each feature included or not, and the change history, without a way to change it', async () => {
    renderPage({ planSettings: vi.fn(async () => MINE) });
    expect(await screen.findByRole('heading', { name: 'Your plan' })).toBeTruthy();
    expect(screen.getByText('PREMIUM')).toBeTruthy();
    expect(screen.getAllByText('Included')).toHaveLength(2);
    expect(screen.getAllByText('Not included')).toHaveLength(3);
    expect(screen.getByText(/Sales usage: off/)).toBeTruthy();
    expect(screen.getByText('support@internal.test')).toBeTruthy();
    expect(screen.queryByRole('form', { name: /Change the plan/ })).toBeNull();
  });

  it("lets an internal user find a user's plan and change it; the history shows the change", async () => {
    const theirs: PlanSettings = {
      ...MINE,
      holder: { ...MINE.holder, user_id: 2, email: 'them@other.test', organisation_name: 'Other' },
      can_change: true,
      changes: [],
    };
    const planSettings = vi.fn<UserApi['planSettings']>(async (email) =>
      email ? theirs : { ...MINE, can_change: true },
    );
    const changePlan = vi.fn<UserApi['changePlan']>(async () => ({
      ...theirs,
      holder: { ...theirs.holder, plan_type: 'FREE', export_widget_permission: true },
      changes: [
        {
          id: 4,
          user_email: 'them@other.test',
          field: 'plan_type',
          old_value: 'PREMIUM',
          new_value: 'FREE',
          changed_by: 'me@acme.test',
          changed_at: '2026-11-21T10:00:00.000Z',
        },
      ],
    }));
    renderPage({ planSettings, changePlan });
    const lookup = await screen.findByRole('form', { name: "Find a user's plan" });
    fireEvent.change(within(lookup).getByLabelText("User's email"), { target: { value: 'them@other.test' } });
    fireEvent.click(within(lookup).getByRole('button', { name: 'Find user' }));
    expect(await screen.findByRole('heading', { name: 'Plan of them@other.test' })).toBeTruthy();
    expect(planSettings).toHaveBeenLastCalledWith('them@other.test', expect.anything());

    const form = screen.getByRole('form', { name: 'Change the plan of them@other.test' });
    fireEvent.change(within(form).getByLabelText('Plan type'), { target: { value: 'FREE' } });
    fireEvent.click(within(form).getByLabelText(/Export widget/));
    fireEvent.click(within(form).getByRole('button', { name: 'Save plan' }));
    expect(await screen.findByText(/Saved. The change is in the history/)).toBeTruthy();
    expect(changePlan).toHaveBeenCalledWith(
      expect.objectContaining({
        user_email: 'them@other.test',
        plan_type: 'FREE',
        export_widget_permission: true,
      }),
      expect.anything(),
    );
    expect(screen.getByText(/Plan type: PREMIUM/)).toBeTruthy();
  });
});
