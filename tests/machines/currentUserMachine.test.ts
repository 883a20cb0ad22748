import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UserData } from '../../domain/userData.ts';
import { currentUserMachine } from '../../machines/currentUserMachine.ts';

const user: UserData = {
  user_id: 7,
  admin_id: 7,
  first_name: 'Dana',
  last_name: 'Demo',
  user_email: 'demo@workbench.test',
  signup_app_name: 'workbench',
  first_login_workbench: false,
  show_msg: true,
  xiq_internal_user: false,
  internal_user_level: 0,
  has_share_profile_perm: true,
  has_daily_iq_perm: true,
  has_weekly_account_insight_perm: true,
  sales_x_usage_permission: false,
  export_widget_permission: true,
  role: 'admin',
  plan_type: 'PREMIUM',
  organisation: { id: 1, name: 'Demo Org', logo_image_url: null },
  onboarding_steps: {},
};

describe('currentUserMachine', () => {
  it('loads the user on start', async () => {
    const actor = createActor(
      currentUserMachine.provide({ actors: { loadUser: fromPromise(async () => user) } }),
    ).start();
    expect(actor.getSnapshot().value).toBe('loading');
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.user?.first_name).toBe('Dana');
  });

  it('applies a tour step and a setting the server kept to the user it holds', async () => {
    const actor = createActor(
      currentUserMachine.provide({ actors: { loadUser: fromPromise(async () => user) } }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'user.onboardingStep', key: 'campaigns', step: 2 });
    actor.send({ type: 'user.onboardingStep', key: 'automation', step: 0 });
    actor.send({ type: 'user.setting', key: 'show_msg', value: false });
    const held = actor.getSnapshot().context.user;
    expect(held?.onboarding_steps).toEqual({ campaigns: 2, automation: 0 });
    expect(held?.show_msg).toBe(false);
    expect(held?.first_name).toBe('Dana');
  });

  it('keeps a failure and reloads on user.reload', async () => {
    let attempts = 0;
    const actor = createActor(
      currentUserMachine.provide({
        actors: {
          loadUser: fromPromise(async () => {
            attempts += 1;
            if (attempts === 1) throw { kind: 'http', status: 500, message: 'Server trouble.' };
            return user;
          }),
        },
      }),
    ).start();
    const failed = await waitFor(actor, (s) => s.matches('failed'));
    expect(failed.context.error).toEqual({ kind: 'http', status: 500, message: 'Server trouble.' });
    actor.send({ type: 'user.reload' });
    const ready = await waitFor(actor, (s) => s.matches('ready'));
    expect(ready.context.error).toBeNull();
    expect(attempts).toBe(2);
  });

  it('sign-out clears the user at once, runs signOut and ends in signedOut', async () => {
    let signedOut = false;
    let release: () => void = () => {};
    const actor = createActor(
      currentUserMachine.provide({
        actors: {
          loadUser: fromPromise(async () => user),
          signOut: fromPromise(
            () =>
              new Promise<void>((resolve) => {
                release = () => {
                  signedOut = true;
                  resolve();
                };
              }),
          ),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'session.signOut' });
    expect(actor.getSnapshot().value).toBe('signingOut');
    expect(actor.getSnapshot().context.user).toBeNull();
    release();
    const done = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(signedOut).toBe(true);
    expect(done.status).toBe('done');
  });

  it('ends in signedOut even when the server call fails', async () => {
    const actor = createActor(
      currentUserMachine.provide({
        actors: {
          loadUser: fromPromise(async () => user),
          signOut: fromPromise<void>(async () => {
            throw new Error('offline');
          }),
        },
      }),
    ).start();
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'session.signOut' });
    await waitFor(actor, (s) => s.matches('signedOut'));
  });

  it('sign-out while the user is still loading drops the load', async () => {
    let resolveLoad: (u: UserData) => void = () => {};
    const actor = createActor(
      currentUserMachine.provide({
        actors: {
          loadUser: fromPromise(() => new Promise<UserData>((resolve) => (resolveLoad = resolve))),
          signOut: fromPromise(async () => {}),
        },
      }),
    ).start();
    actor.send({ type: 'session.signOut' });
    resolveLoad(user);
    const done = await waitFor(actor, (s) => s.matches('signedOut'));
    expect(done.context.user).toBeNull();
  });
});
