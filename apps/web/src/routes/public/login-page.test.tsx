import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_APP_STATE, getAppState, setAppState } from '../../lib/app-state';
import { i18n } from '../../lib/i18n';
import { setXsrfCookie } from '../../test/auth-fixtures';
import { fakeFetch, json, type FakeCall } from '../../test/fake-fetch';
import { renderRoutes } from '../../test/render';
import { LoginPage } from './login-page';

function renderLogin(path = '/en/login', state?: unknown) {
  return renderRoutes(
    [
      { path: '/:lang/login/:status?', Component: LoginPage },
      { path: '/:lang/backend', Component: () => <p>Back office</p> },
    ],
    state ? ({ pathname: path, state } as unknown as string) : path,
  );
}

const serve = (handler: (call: FakeCall, path: string) => Response | undefined) =>
  fakeFetch((call) => {
    const path = call.url.split('?')[0] ?? '';
    return handler(call, path) ?? json({ message: 'Not Found' }, 404);
  });

const SESSION = { authenticated: true, user: { id: 3, firstname: 'Anna' }, language: 'en', appName: 'Bookla', permissions: ['nav.orders'] };

async function logIn(user: ReturnType<typeof userEvent.setup>, email = 'anna@example.com', password = 'secret-password') {
  await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), email);
  await user.type(screen.getByLabelText(/^Password/), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('login page', { timeout: 15_000 }, () => {
  beforeEach(() => {
    setXsrfCookie();
    setAppState(DEFAULT_APP_STATE);
  });
  afterEach(async () => {
    vi.unstubAllGlobals();
    // Some tests read the notices in German or French; the others expect English.
    await i18n.changeLanguage('en');
  });

  it('has labelled fields with autocomplete hints and a title', async () => {
    renderLogin();
    const email = await screen.findByRole('textbox', { name: 'E-mail address' });
    expect(email).toHaveAttribute('autocomplete', 'username');
    expect(email).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText(/^Password/)).toHaveAttribute('autocomplete', 'current-password');
    await waitFor(() => expect(document.title).toBe('Log in | Bookla'));
    expect(screen.getByRole('link', { name: 'Register your company' })).toHaveAttribute('href', '/en/register');
  });

  it.each([
    ['registration_success', 'Registration Successful', 'Please check your E-Mail-Account for the confirmation link.'],
    ['expired', 'Session Expired', 'Your session has expired.'],
    ['logout', 'Logout Successful', 'You have been logged out.'],
    ['verified', 'E-mail address confirmed', 'Your e-mail address is confirmed. You can log in now.'],
    ['verification_expired', 'Confirmation link expired', 'This confirmation link has expired or has been replaced by a newer one.'],
    ['verification_invalid', 'Confirmation link not valid', 'This confirmation link is not valid. Please log in'],
  ])('shows the %s notice', async (status, title, text) => {
    renderLogin(`/en/login/${status}`);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(title);
    expect(alert).toHaveTextContent(text);
  });

  it('after a valid verification link says the address is confirmed, not "check your e-mail"', async () => {
    await i18n.changeLanguage('de');
    renderLogin('/de/login/verified');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ihre E-Mail-Adresse ist bestätigt. Sie können sich jetzt anmelden.');
    expect(alert).not.toHaveTextContent(/Bestätigungslink|abgelaufen/);
  });

  it('offers a new link for an expired verification link and sends it for the user the link named', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve((_c, path) =>
      path === '/api/srl/email/verify/resend/42'
        ? json({ success: true, message: 'Please check your E-Mail-Account for the confirmation link' })
        : undefined,
    );
    renderLogin('/en/login/verification_expired?user=42');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Confirmation link expired');
    expect(alert).not.toHaveTextContent('Session');
    await user.click(screen.getByRole('button', { name: 'Send a new link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check your E-Mail-Account for the confirmation link');
    const resends = calls.filter((c) => c.url.startsWith('/api/srl/email/verify/resend/') && c.method === 'POST');
    expect(resends.map((c) => c.url.split('?')[0])).toEqual(['/api/srl/email/verify/resend/42']);
    expect(screen.queryByRole('button', { name: 'Send a new link' })).not.toBeInTheDocument();
  });

  it.each(['/fr/login/verification_expired', '/fr/login/verification_expired?user=abc', '/fr/login/verification_invalid?user=42'])(
    'offers no resend action without a user id the link named (%s)',
    async (path) => {
      await i18n.changeLanguage('fr');
      renderLogin(path);
      expect(await screen.findByRole('alert')).toHaveTextContent(/Lien de confirmation (expiré|non valide)/);
      expect(screen.queryByRole('button', { name: 'Envoyer un nouveau lien' })).not.toBeInTheDocument();
    },
  );

  it('after an invalid verification link, an unverified login shows the resend prompt', async () => {
    const user = userEvent.setup({ delay: null });
    serve((_c, path) =>
      path === '/api/srl/login'
        ? json(
            { success: false, need_verification: true, user_id: 7, message: "Please verify your E-Mail-Address. Didn't receive a Mail?" },
            422,
          )
        : undefined,
    );
    renderLogin('/en/login/verification_invalid');
    expect(await screen.findByRole('alert')).toHaveTextContent('This confirmation link is not valid.');
    await logIn(user);
    const prompt = await screen.findByRole('alert');
    expect(prompt).toHaveTextContent("Please verify your E-Mail-Address. Didn't receive a Mail?");
    expect(screen.getByRole('button', { name: 'Resend' })).toBeInTheDocument();
    expect(screen.queryByText('Confirmation link not valid')).not.toBeInTheDocument();
  });

  it('shows a notice another screen brought along', async () => {
    renderLogin('/en/login', { notice: { color: 'green', title: 'Password changed', text: 'You can now log in.' } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Password changedYou can now log in.');
  });

  it('validates on the client before calling the server', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve(() => undefined);
    renderLogin();
    await user.click(await screen.findByRole('button', { name: 'Log in' }));
    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    await waitFor(() => expect(email).toHaveAccessibleDescription('This field is required.'));
    expect(email).toHaveFocus();
    await user.type(email, 'not-an-address');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Please enter a valid e-mail address.'));
    expect(calls).toHaveLength(0);
  });

  it('logs in, loads the session state and opens the back office', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve((_call, path) => {
      if (path === '/api/srl/login') return json({ success: true, message: 'Login Successful' });
      if (path === '/api/srl/state') return json(SESSION);
      return undefined;
    });
    const { router } = renderLogin('/en/login/expired');
    await screen.findByRole('heading', { name: 'Log in' });
    await logIn(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend'));
    expect(calls.find((c) => c.url.startsWith('/api/srl/login'))?.body).toEqual({ email: 'anna@example.com', password: 'secret-password' });
    expect(getAppState()).toMatchObject({ authenticated: true, user: { firstname: 'Anna' }, permissions: ['nav.orders'] });
  });

  it('shows the server message of a refused login', async () => {
    const user = userEvent.setup({ delay: null });
    serve((_c, path) =>
      path === '/api/srl/login' ? json({ success: false, message: 'These credentials do not match our records.' }, 422) : undefined,
    );
    renderLogin();
    await screen.findByRole('heading', { name: 'Log in' });
    await logIn(user);
    expect(await screen.findByRole('alert')).toHaveTextContent('These credentials do not match our records.');
    expect(getAppState().authenticated).toBe(false);
  });

  it('asks an unverified user to verify and resends the mail', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve((_c, path) => {
      if (path === '/api/srl/login') {
        return json(
          { success: false, need_verification: true, user_id: 42, message: "Please verify your E-Mail-Address. Didn't receive a Mail?" },
          422,
        );
      }
      if (path === '/api/srl/email/verify/resend/42')
        return json({ success: true, message: 'Please check your E-Mail-Account for the confirmation link' });
      return undefined;
    });
    renderLogin('/en/login/registration_success');
    await screen.findByRole('heading', { name: 'Log in' });
    await logIn(user);
    const prompt = await screen.findByRole('alert');
    expect(prompt).toHaveTextContent("Please verify your E-Mail-Address. Didn't receive a Mail?");
    // The registration notice made way for the prompt.
    expect(screen.queryByText('Registration Successful')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Please check your E-Mail-Account for the confirmation link')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.startsWith('/api/srl/email/verify/resend/42') && c.method === 'POST')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
  });

  it('has a forgot-password mode that sends the reset link and comes back with a notice', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve((_c, path) =>
      path === '/api/srl/password/reset/mail' ? json({ success: true, message: 'Please check your E-Mail-Account' }) : undefined,
    );
    renderLogin();
    await user.type(await screen.findByRole('textbox', { name: 'E-mail address' }), 'anna@example.com');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));

    expect(screen.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeInTheDocument();
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    const email = screen.getByRole('textbox', { name: 'E-mail address' });
    expect(email).toHaveValue('anna@example.com');
    await waitFor(() => expect(email).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Send link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check your E-Mail-Account.');
    expect(screen.getByRole('heading', { level: 1, name: 'Log in' })).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/srl/password/reset/mail'))?.body).toEqual({ email: 'anna@example.com' });
  });

  it('asks for the second factor and accepts a recovery code', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve((call, path) => {
      if (path === '/api/srl/login')
        return json({ success: false, two_factor: true, message: 'Please enter the code from your authenticator app.' });
      if (path === '/api/srl/login/two-factor') {
        return (call.body as { code: string }).code === 'abcde-12345'
          ? json({ success: true, message: 'Login Successful' })
          : json({ success: false, message: 'The code is invalid.' }, 422);
      }
      if (path === '/api/srl/state') return json(SESSION);
      return undefined;
    });
    const { router } = renderLogin();
    await screen.findByRole('heading', { name: 'Log in' });
    await logIn(user);

    const code = await screen.findByRole('textbox', { name: 'Authentication code' });
    expect(screen.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeInTheDocument();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The code is invalid.');
    expect(getAppState().authenticated).toBe(false);

    await user.clear(code);
    await user.type(code, 'abcde-12345');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend'));
    expect(calls.filter((c) => c.url.startsWith('/api/srl/login/two-factor')).map((c) => c.body)).toEqual([
      { code: '123456' },
      { code: 'abcde-12345' },
    ]);
  });
});
