import { lazy, Suspense, type ComponentType } from 'react';
import { PageLoader } from '../../components/page-loader';

/**
 * The account screens are named in the public group but load as two chunks of their own when
 * first shown: forms, zod and the selects would otherwise be downloaded with the landing page.
 */
const loginPages = () => import('./login-pages');
const signupPages = () => import('./signup-pages');

function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  const Lazy = lazy(async () => ({ default: (await load())[name] as ComponentType }));
  function AccountPage() {
    return (
      <Suspense fallback={<PageLoader />}>
        <Lazy />
      </Suspense>
    );
  }
  AccountPage.displayName = name;
  return AccountPage;
}

/** Fetches the login screen ahead, e.g. when a visitor points at a "Log in" link. */
export function preloadLoginPages(): void {
  void loginPages();
}

/** Fetches the registration ahead, e.g. when a visitor points at "Register". */
export function preloadSignupPages(): void {
  void signupPages();
}

export const LoginPage = lazyPage(loginPages, 'LoginPage');
export const ResetPasswordPage = lazyPage(loginPages, 'ResetPasswordPage');
export const CustomerResetPage = lazyPage(loginPages, 'CustomerResetPage');
export const RegisterPage = lazyPage(signupPages, 'RegisterPage');
export const AcceptInvitePage = lazyPage(signupPages, 'AcceptInvitePage');
