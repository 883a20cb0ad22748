import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor as untilActor } from 'xstate';
import { DEFAULT_FILTER } from '../../../domain/analyticsFilter.ts';
import { analyticsQueryOf } from '../../../domain/analyticsFilterSearch.ts';
import { FEATURE_MISSING_TEXT } from '../../../domain/featureFlags.ts';
import { ExportReportButton } from '../../../src/modules/analytics/components/ExportReportButton.tsx';
import { appServices } from '../../../src/modules/shared/hooks/ServicesContext.ts';
import { currentUserOf, SignedIn, userData } from '../onboarding/onboardingFixtures.tsx';

afterEach(cleanup);

async function renderFor(planType: string) {
  const actor = currentUserOf(userData({ plan_type: planType }));
  await untilActor(actor, (s) => s.matches('ready'));
  const exportReport = vi.fn();
  render(
    <SignedIn actor={actor} services={{ analyticsApi: { ...appServices.analyticsApi, exportReport } }}>
      <ExportReportButton
        call="contacts_listing"
        query={analyticsQueryOf(DEFAULT_FILTER, '2026-11-28')}
        fields={{ tab: 'delivered' }}
        what="the contacts of this tab"
        empty={false}
        failed={false}
        loading={false}
      />
    </SignedIn>,
  );
  return exportReport;
}

describe('exports on a plan without them', () => {
  it('a free plan sees Export off and why, in words on the screen; no export is asked', async () => {
    const exportReport = await renderFor('FREE');
    const button = screen.getByRole('button', {
      name: 'Export the contacts of this tab',
    }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    const reason = screen.getByText(FEATURE_MISSING_TEXT.premium);
    expect(reason.className).toBe('analytics-export__hint');
    expect(button.getAttribute('aria-describedby')).toBe(reason.id);
    expect(exportReport).not.toHaveBeenCalled();
  });

  it('a trial (premium on trial) has the export menu', async () => {
    await renderFor('TRIAL');
    const trigger = screen.getByRole('button', {
      name: 'Export the contacts of this tab',
    }) as HTMLButtonElement;
    expect(trigger.disabled).toBe(false);
    expect(screen.queryByText(FEATURE_MISSING_TEXT.premium)).toBeNull();
  });
});
