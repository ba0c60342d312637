import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../lib/language';
import { CustomerResetPage } from '../../../routes/public/customer-reset-page';
import { LoginPage } from '../../../routes/public/login-page';
import { ResetPasswordPage } from '../../../routes/public/reset-password-page';
import { setXsrfCookie } from '../../../test/auth-fixtures';
import { fakeFetch, json, type FakeCall } from '../../../test/fake-fetch';
import { renderRoutes } from '../../../test/render';

type User = ReturnType<typeof userEvent.setup>;

function renderReset(path: string) {
  return renderRoutes(
    [
      { path: '/:lang/reset/password/:token/:email', Component: ResetPasswordPage },
      { path: '/:lang/customer/reset/password/:token/:email', Component: CustomerResetPage },
      { path: '/:lang/login/:status?', Component: LoginPage },
    ],
    path,
  );
}

const serve = (handler: (call: FakeCall, path: string) => Response | undefined) =>
  fakeFetch((call) => handler(call, call.url.split('?')[0] ?? '') ?? json({ message: 'Not Found' }, 404));

const TOKEN_ERROR = { success: false, message: 'This password reset link is invalid or has expired.' };

async function choose(user: User, password: string, confirmation: string) {
  await user.type(await screen.findByLabelText(/^New password/), password);
  await user.type(screen.getByLabelText(/^Confirm password/), confirmation);
  await user.click(screen.getByRole('button', { name: 'Save password' }));
}

describe('password reset', { timeout: 15_000 }, () => {
  beforeEach(() => setXsrfCookie());
  afterEach(async () => {
    vi.unstubAllGlobals();
    await applyLanguage('en');
  });

  it('names the account and refuses a confirmation that differs, naming the Password', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve(() => undefined);
    renderReset('/en/reset/password/tok123/anna%40example.com');
    expect(await screen.findByText('Set a new password for anna@example.com.')).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Reset password | Bookla'));
    await choose(user, 'Kursplatz-2026!', 'Kursplatz-2025!');
    const confirm = screen.getByLabelText(/^Confirm password/);
    await waitFor(() => expect(confirm).toHaveAccessibleDescription('The Password confirmation does not match.'));
    expect(confirm).toHaveFocus();
    expect(screen.getByLabelText(/^New password/)).toHaveAttribute('autocomplete', 'new-password');
    expect(calls).toHaveLength(0);

    await user.clear(screen.getByLabelText(/^New password/));
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(/Must be at least 8 characters\./));
  });

  it('staff: a bad link shows the server message and "Send a new Link?" sends a new one', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve((_c, path) => {
      if (path === '/api/srl/password/reset/submit') return json(TOKEN_ERROR, 422);
      if (path === '/api/srl/password/reset/mail') return json({ success: true, message: 'Please check your E-Mail-Account' });
      return undefined;
    });
    renderReset('/en/reset/password/tok123/anna%40example.com');
    await choose(user, 'Kursplatz-2026!', 'Kursplatz-2026!');
    expect(calls.find((c) => c.url.startsWith('/api/srl/password/reset/submit'))?.body).toEqual({
      token: 'tok123',
      email: 'anna@example.com',
      password: 'Kursplatz-2026!',
      password_confirmation: 'Kursplatz-2026!',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');

    await user.click(screen.getByRole('button', { name: 'Send a new Link?' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please check your E-Mail-Account.');
    expect(calls.find((c) => c.url.startsWith('/api/srl/password/reset/mail'))?.body).toEqual({ email: 'anna@example.com' });
  });

  it('staff: puts the server field errors on the fields', async () => {
    const user = userEvent.setup({ delay: null });
    serve((_c, path) =>
      path === '/api/srl/password/reset/submit'
        ? json(
            { message: 'The given data was invalid.', errors: { password: ['The password must not contain your e-mail address.'] } },
            422,
          )
        : undefined,
    );
    renderReset('/en/reset/password/tok123/anna%40example.com');
    await choose(user, 'Kursplatz-2026!', 'Kursplatz-2026!');
    await waitFor(() => expect(screen.getByLabelText(/^New password/)).toHaveAccessibleDescription(/must not contain your e-mail address/));
    expect(screen.queryByRole('button', { name: 'Send a new Link?' })).not.toBeInTheDocument();
  });

  it('staff: success goes to the login with a notice', async () => {
    const user = userEvent.setup({ delay: null });
    serve((_c, path) =>
      path === '/api/srl/password/reset/submit' ? json({ success: true, message: 'Your password has been reset.' }) : undefined,
    );
    const { router } = renderReset('/en/reset/password/tok123/anna%40example.com');
    await choose(user, 'Kursplatz-2026!', 'Kursplatz-2026!');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent('Password changed');
    expect(notice).toHaveTextContent('Your password has been reset.');
  });

  it('customer: posts to the customer endpoint and shows the success here', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve((_c, path) =>
      path === '/customer/password/reset/submit' ? json({ success: true, message: 'Your password has been reset.' }) : undefined,
    );
    await applyLanguage('fr'); // the app's language loader does this for /fr/…
    const { router } = renderReset('/fr/customer/reset/password/tok9/kunde%40example.com');
    await user.type(await screen.findByLabelText(/^Nouveau mot de passe/), 'Kursplatz-2026!');
    await user.type(screen.getByLabelText(/^Confirmer le mot de passe/), 'Kursplatz-2026!');
    await user.click(screen.getByRole('button', { name: 'Enregistrer le mot de passe' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Your password has been reset.');
    expect(router.state.location.pathname).toBe('/fr/customer/reset/password/tok9/kunde%40example.com');
    expect(screen.queryByLabelText(/^Nouveau mot de passe/)).not.toBeInTheDocument();
    expect(calls.map((c) => c.url.split('?')[0])).toEqual(['/customer/password/reset/submit']);
  });

  it('customer: a bad link shows the server message, without a resend link', async () => {
    const user = userEvent.setup({ delay: null });
    serve((_c, path) => (path === '/customer/password/reset/submit' ? json(TOKEN_ERROR, 422) : undefined));
    renderReset('/en/customer/reset/password/tok9/kunde%40example.com');
    await choose(user, 'Kursplatz-2026!', 'Kursplatz-2026!');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(screen.queryByRole('button', { name: 'Send a new Link?' })).not.toBeInTheDocument();
  });
});
