import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../src/api/ApiError.ts';
import type { AuthApi } from '../../../src/api/authApi.ts';
import type { UserApi } from '../../../src/api/userApi.ts';
import { ProfilePage } from '../../../src/modules/settings/components/ProfilePage.tsx';
import { appServices, ServicesContext } from '../../../src/modules/shared/hooks/ServicesContext.ts';

afterEach(cleanup);

const USER = { first_name: 'Olive', last_name: 'Owner', user_email: 'owner@acme.test' };

function renderPage(stubs: { user?: Partial<UserApi>; auth?: Partial<AuthApi> }, onNameChanged = vi.fn()) {
  const userApi: UserApi = { ...appServices.userApi, ...stubs.user };
  const authApi: AuthApi = { ...appServices.authApi, ...stubs.auth };
  render(
    <ServicesContext.Provider value={{ ...appServices, userApi, authApi }}>
      <ProfilePage user={USER} onNameChanged={onNameChanged} />
    </ServicesContext.Provider>,
  );
  return onNameChanged;
}

describe('Settings › Profile', () => {
  it('saves the name and tells the frame, so the new name shows everywhere', async () => {
    const updateProfile = vi.fn<UserApi['updateProfile']>(async () => ({}) as never);
    const onNameChanged = renderPage({ user: { updateProfile } });
    const form = screen.getByRole('form', { name: 'Your name' });
    const first = within(form).getByLabelText('First name') as HTMLInputElement;
    expect(first.value).toBe('Olive');
    fireEvent.change(first, { target: { value: 'Olivia' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Your name has been saved.')).toBeTruthy();
    expect(updateProfile).toHaveBeenCalledWith(
      { first_name: 'Olivia', last_name: 'Owner' },
      expect.anything(),
    );
    expect(onNameChanged).toHaveBeenCalled();
  });

  it('asks for the current password and a confirmed new one; shows a refusal; clears the form after a change', async () => {
    const changePassword = vi
      .fn<AuthApi['changePassword']>()
      .mockRejectedValueOnce(
        new ApiError({ kind: 'http', status: 400, message: 'Your current password is not right.' }),
      )
      .mockResolvedValueOnce({
        success: true,
        ended_sessions: 2,
        message: 'Your password has been changed and you were signed out everywhere else.',
      });
    renderPage({ auth: { changePassword } });
    const form = screen.getByRole('form', { name: 'Change your password' });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('Enter your current password.')).toBeTruthy();
    expect(changePassword).not.toHaveBeenCalled();

    fireEvent.change(within(form).getByLabelText('Current password'), { target: { value: 'old secret' } });
    fireEvent.change(within(form).getByLabelText('New password'), { target: { value: 'lantern orbit 42' } });
    fireEvent.change(within(form).getByLabelText('Confirm new password'), {
      target: { value: 'lantern orbit 43' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await within(form).findByText('The two passwords differ.')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Confirm new password'), {
      target: { value: 'lantern orbit 42' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not right.')).toBeTruthy();

    fireEvent.click(
      within(screen.getByRole('form', { name: 'Change your password' })).getByRole('button', {
        name: 'Change password',
      }),
    );
    expect(await screen.findByText(/signed out everywhere else/)).toBeTruthy();
    expect(changePassword).toHaveBeenLastCalledWith(
      { current_password: 'old secret', new_password: 'lantern orbit 42' },
      expect.anything(),
    );
    const fresh = screen.getByRole('form', { name: 'Change your password' });
    expect((within(fresh).getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });
});
