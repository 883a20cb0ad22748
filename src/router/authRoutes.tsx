import { createRoute, redirect } from '@tanstack/react-router';
import { safeInternalPath, ssoRedirectTarget } from '../../domain/redirectTarget.ts';
import { ssoAllowedOrigins } from '../api/serviceBases.ts';
import { sessionStore } from '../api/sessionStore.ts';
import { AcceptInvitationPage } from '../modules/auth/components/AcceptInvitationPage.tsx';
import { ConfirmSignupPage } from '../modules/auth/components/ConfirmSignupPage.tsx';
import { ForgotPasswordPage } from '../modules/auth/components/ForgotPasswordPage.tsx';
import { LoginRedirectPage } from '../modules/auth/components/LoginRedirectPage.tsx';
import { ResetPasswordPage } from '../modules/auth/components/ResetPasswordPage.tsx';
import { SignInPage } from '../modules/auth/components/SignInPage.tsx';
import { SignUpPage } from '../modules/auth/components/SignUpPage.tsx';
import { VerifySenderPage } from '../modules/auth/components/VerifySenderPage.tsx';
import { rootRoute } from './rootRoute.tsx';
import { optionalString, parseSignInNotice } from './routePaths.ts';
import { HOME_PATH } from './routeTable.ts';

/** Public routes: sign-in, sign-up, password reset and the landings that complete a sign-in elsewhere. */

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/',
  validateSearch: (search: Record<string, unknown>) => ({
    redirect: optionalString(search.redirect),
    notice: parseSignInNotice(search.notice),
  }),
  beforeLoad: ({ search }) => {
    if (sessionStore.hasSession()) {
      throw redirect({ href: safeInternalPath(search.redirect) ?? HOME_PATH, replace: true });
    }
  },
  component: function SignInRoute() {
    const search = signInRoute.useSearch();
    return <SignInPage mode={{ kind: 'app', redirect: search.redirect }} notice={search.notice} />;
  },
});

/** The login page of the auth origin: after sign-in it sends the person back to redirectURL's /sso/. */
export const authLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/login',
  validateSearch: (search: Record<string, unknown>) => ({ redirectURL: optionalString(search.redirectURL) }),
  beforeLoad: ({ search }) => {
    const token = sessionStore.csrfToken();
    if (!sessionStore.hasSession() || !token) return;
    const target = ssoRedirectTarget({
      redirectURL: search.redirectURL,
      csrfToken: token,
      currentOrigin: window.location.origin,
      allowedOrigins: ssoAllowedOrigins,
    });
    throw redirect(target ? { href: target, reloadDocument: true } : { href: HOME_PATH, replace: true });
  },
  component: function AuthLoginRoute() {
    const search = authLoginRoute.useSearch();
    return <SignInPage mode={{ kind: 'auth-origin', redirectURL: search.redirectURL }} />;
  },
});

export const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/signup',
  beforeLoad: () => {
    if (sessionStore.hasSession()) throw redirect({ href: HOME_PATH, replace: true });
  },
  component: SignUpPage,
});

/** /auth/confirm-signup/{signupKey}: the link mailed after a sign-up finishes the account. */
export const confirmSignupRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/confirm-signup/$signupKey',
  beforeLoad: () => {
    if (sessionStore.hasSession()) throw redirect({ href: HOME_PATH, replace: true });
  },
  component: function ConfirmSignupRoute() {
    const { signupKey } = confirmSignupRoute.useParams();
    return <ConfirmSignupPage key={signupKey} signupKey={signupKey} />;
  },
});

/** /auth/verify-sender/{key}: the link mailed to a new sender address verifies it (signed in or not). */
export const verifySenderRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/verify-sender/$verifyKey',
  component: function VerifySenderRoute() {
    const { verifyKey } = verifySenderRoute.useParams();
    return <VerifySenderPage key={verifyKey} verifyKey={verifyKey} />;
  },
});

/** /auth/invitation/{key}: the link mailed to an invited colleague; they join and are signed in. */
export const invitationRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/invitation/$invitationKey',
  component: function InvitationRoute() {
    const { invitationKey } = invitationRoute.useParams();
    return <AcceptInvitationPage key={invitationKey} invitationKey={invitationKey} />;
  },
});

export const forgotPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/auth/forgot-password',
  validateSearch: (search: Record<string, unknown>) => ({ email: optionalString(search.email) }),
  component: function ForgotPasswordRoute() {
    const search = forgotPasswordRoute.useSearch();
    return <ForgotPasswordPage initialEmail={search.email} />;
  },
});

/** /resetPassword/{resetKey?}: the key is optional in the path. */
export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/resetPassword/{-$resetKey}',
  component: function ResetPasswordRoute() {
    const { resetKey } = resetPasswordRoute.useParams();
    return <ResetPasswordPage key={resetKey ?? ''} resetKey={resetKey} />;
  },
});

/** After a sign-in on another page of this origin: fetch the CSRF token with the cookie, then go on. */
export const loginRedirectRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/login-redirect',
  validateSearch: (search: Record<string, unknown>) => ({ redirect: optionalString(search.redirect) }),
  component: function LoginRedirectRoute() {
    const search = loginRedirectRoute.useSearch();
    return <LoginRedirectPage redirect={search.redirect} />;
  },
});

/** /sso/{csrfToken}/: the auth origin signed the person in; keep the token and open the workbench. */
export const ssoRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sso/$csrfToken',
  beforeLoad: ({ params }) => {
    const token = params.csrfToken.trim();
    if (token) sessionStore.begin(token);
    throw redirect({ href: token ? HOME_PATH : '/', replace: true });
  },
});

export const authRoutes = [
  signInRoute,
  authLoginRoute,
  signUpRoute,
  confirmSignupRoute,
  verifySenderRoute,
  invitationRoute,
  forgotPasswordRoute,
  resetPasswordRoute,
  loginRedirectRoute,
  ssoRoute,
] as const;
