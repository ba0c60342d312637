import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AcceptInvitePage } from '../../../routes/public/accept-invite-page';
import { LoginPage } from '../../../routes/public/login-page';
import { setXsrfCookie } from '../../../test/auth-fixtures';
import { fakeFetch, json, type FakeCall } from '../../../test/fake-fetch';
import { renderRoutes } from '../../../test/render';

const BASE = '/api/srl/team/5/invite/9';
const VALIDATE = `${BASE}/validate/h4sh`;
const ACCEPT = `${BASE}/accept/h4sh`;

function renderInvite() {
  return renderRoutes(
    [
      { path: '/:lang/accept-invite/:teamid/:invitationid/:hash', Component: AcceptInvitePage },
      { path: '/:lang/login/:status?', Component: LoginPage },
    ],
    '/en/accept-invite/5/9/h4sh',
  );
}

function serve(check: unknown, accept?: (call: FakeCall) => Response) {
  return fakeFetch((call) => {
    const path = call.url.split('?')[0];
    if (path === VALIDATE) return check instanceof Response ? check : json(check);
    if (path === ACCEPT && accept) return accept(call);
    return json({ message: 'Not Found' }, 404);
  });
}

describe('accept invitation', { timeout: 15_000 }, () => {
  beforeEach(() => {
    setXsrfCookie();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('an invalid link says the invitation expired', async () => {
    serve({ valid: false, user_found: false, team_name: null });
    renderInvite();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your Invitation expired. Please request a new Invitation from your Company Admin.',
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Accept invitation | Bookla'));
  });

  it('a check that fails technically says so', async () => {
    serve(json({ message: 'Server Error' }, 500));
    renderInvite();
    expect(await screen.findByRole('alert')).toHaveTextContent('A technical error occurred!');
  });

  it('an existing account accepts with one click and goes to the login', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = serve({ valid: true, user_found: true, team_name: 'Yoga Zürich' }, () =>
      json({ success: true, message: 'You are now a member of Yoga Zürich.' }),
    );
    const { router } = renderInvite();
    expect(await screen.findByText('You have been invited to join Yoga Zürich.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invitation accepted');
    expect(screen.getByRole('alert')).toHaveTextContent('You are now a member of Yoga Zürich.');
    const accept = calls.find((c) => c.url.startsWith(ACCEPT));
    expect(accept?.method).toBe('POST');
    expect(accept?.body).toEqual({});
  });

  it('one click: a refusal shows the server message, a crash the technical error', async () => {
    const user = userEvent.setup({ delay: null });
    let reply = json({ success: false, message: 'This invitation is no longer valid.' }, 422);
    serve({ valid: true, user_found: true, team_name: 'Yoga Zürich' }, () => reply);
    renderInvite();
    await user.click(await screen.findByRole('button', { name: 'Accept invitation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This invitation is no longer valid.');
    reply = json({ message: 'Server Error' }, 500);
    await user.click(screen.getByRole('button', { name: 'Accept invitation' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('A technical error occurred!'));
  });

  it('without an account: registration form, then accept', async () => {
    const user = userEvent.setup({ delay: null });
    let reply = json(
      {
        success: false,
        message: 'The given data was invalid.',
        errors: { 'user.password': ['The password must not contain your e-mail address.'] },
      },
      422,
    );
    const { calls } = serve({ valid: true, user_found: false, team_name: 'Yoga Zürich' }, () => reply);
    const { router } = renderInvite();
    expect(await screen.findByText('You have been invited to join Yoga Zürich.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create account and accept' }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Salutation' })).toHaveAccessibleDescription('This field is required.'),
    );
    expect(await screen.findByText('Please accept the terms and conditions.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith(ACCEPT))).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Salutation' }));
    await user.click(await screen.findByRole('option', { name: 'Diverse', hidden: true }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Kim');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Muster');
    await user.type(screen.getByLabelText(/^Password/), 'Kursplatz-2026!');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Kursplatz-2026!');
    await user.click(screen.getByRole('checkbox', { name: /I accept the terms and conditions/ }));
    await user.click(screen.getByRole('button', { name: 'Create account and accept' }));

    const password = screen.getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveAccessibleDescription(/must not contain your e-mail address/));
    expect(password).toHaveFocus();
    expect(calls.find((c) => c.url.startsWith(ACCEPT))?.body).toEqual({
      user: {
        salutation: 'mx',
        firstname: 'Kim',
        lastname: 'Muster',
        password: 'Kursplatz-2026!',
        password_confirm: 'Kursplatz-2026!',
        agb: true,
        newsletter: false,
      },
    });

    reply = json({ success: true, message: 'Welcome to Yoga Zürich.' });
    await user.click(screen.getByRole('button', { name: 'Create account and accept' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Welcome to Yoga Zürich.');
  });
});
