import type { ReactNode } from 'react';
import { createActor, fromPromise } from 'xstate';
import type { UserData } from '../../../domain/userData.ts';
import { type CurrentUserActor, currentUserMachine } from '../../../machines/currentUserMachine.ts';
import { CurrentUserContext } from '../../../src/modules/shared/hooks/CurrentUserContext.ts';
import {
  appServices,
  type Services,
  ServicesContext,
} from '../../../src/modules/shared/hooks/ServicesContext.ts';

export function userData(overrides: Partial<UserData> = {}): UserData {
  return {
    user_id: 31,
    admin_id: 31,
    first_name: 'Erin',
    last_name: 'Newcomer',
    user_email: 'erin@onboarding.test',
    signup_app_name: 'workbench',
    first_login_workbench: true,
    show_msg: true,
    xiq_internal_user: false,
    internal_user_level: 0,
    has_share_profile_perm: false,
    has_daily_iq_perm: false,
    has_weekly_account_insight_perm: false,
    sales_x_usage_permission: false,
    export_widget_permission: false,
    role: 'admin',
    plan_type: 'TRIAL',
    organisation: { id: 9, name: 'Fresh Org', logo_image_url: null },
    onboarding_steps: {},
    ...overrides,
  };
}

/** A current-user actor that has loaded `user` (wait for it with waitFor(actor, s => s.matches('ready'))). */
export function currentUserOf(user: UserData): CurrentUserActor {
  return createActor(
    currentUserMachine.provide({ actors: { loadUser: fromPromise(async () => user) } }),
  ).start();
}

/** The signed-in frame's contexts: the services (some calls replaced) and the current user. */
export function SignedIn({
  actor,
  services = {},
  children,
}: {
  actor: CurrentUserActor;
  services?: Partial<Services>;
  children: ReactNode;
}) {
  return (
    <ServicesContext.Provider value={{ ...appServices, ...services }}>
      <CurrentUserContext.Provider value={actor}>{children}</CurrentUserContext.Provider>
    </ServicesContext.Provider>
  );
}
