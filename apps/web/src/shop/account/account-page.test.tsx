import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE, booking, bookingPage, cancellation, clearXsrfCookie, me, setXsrfCookie, XSRF } from '../test/account-fixtures';
import { team, TEAM_ID } from '../test/fixtures';
import { currentPath, fail, mockApi, ok, renderShop, type Handlers } from '../test/shop-test';
import { createFormats } from '../format';
import { createT } from '../i18n';
import { ShopContext } from '../shop-context';
import { AccountLink } from './account-link';

const PAGE = `/en/shop/${TEAM_ID}/account`;

function serve(extra: Handlers) {
  return mockApi({
    [`GET /api/public/teams/${TEAM_ID}`]: () => ok({ data: team() }),
    'GET /sanctum/csrf-cookie': () => {
      setXsrfCookie();
      return { status: 204 };
    },
    ...extra,
  });
}

describe('the account page', () => {
  beforeEach(() => {
    clearXsrfCookie();
    window.sessionStorage.clear();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('logs in with a password (XSRF token and cookie sent), then lists the bookings', async () => {
    const user = userEvent.setup({ delay: null });
    const api = serve({
      [`GET ${BASE}/me`]: () => ok({ customer: null }),
      [`POST ${BASE}/login`]: (c) =>
        (c.body as { password: string }).password === 'right-password'
          ? ok({ success: true, message: 'You are logged in.', customer: me() })
          : fail(422, { success: false, message: 'These credentials do not match our records.' }),
      [`GET ${BASE}/bookings`]: () => ok(bookingPage([booking()])),
    });
    renderShop(PAGE);
    expect(await screen.findByRole('heading', { name: 'My account', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('My account | Yoga Loft'));

    // Checked before sending: nothing goes out without an address.
    await user.click(within(await screen.findByRole('form', { name: 'Log in' })).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByLabelText(/^E-mail/)).toHaveAccessibleDescription('Please enter your e-mail address.');
    expect(api.find('POST', `${BASE}/login`)).toHaveLength(0);

    await user.type(screen.getByLabelText(/^E-mail/), 'nina@example.ch');
    await user.type(screen.getByLabelText(/^Password/), 'wrong-password');
    await user.click(within(screen.getByRole('form', { name: 'Log in' })).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('These credentials do not match our records.');

    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'right-password');
    await user.click(within(screen.getByRole('form', { name: 'Log in' })).getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('You are logged in.')).toBeInTheDocument();
    expect(screen.getByText('Logged in as Nina Keller (nina@example.ch).')).toBeInTheDocument();
    const list = await screen.findByRole('region', { name: 'My bookings' });
    expect(within(list).getByRole('link', { name: 'Order 1042' })).toHaveAttribute(
      'href',
      `/en/shop/${TEAM_ID}/order/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b?token=tok123`,
    );
    expect(within(list).getByRole('link', { name: 'Download tickets (PDF)' })).toHaveAttribute(
      'href',
      '/api/public/orders/3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b/tickets.pdf?token=tok123',
    );
    expect(within(list).getByText('Morning yoga')).toBeInTheDocument();

    const login = api.find('POST', `${BASE}/login`).at(-1)!;
    expect(login.headers['x-xsrf-token']).toBe(XSRF);
    expect(login.credentials).toBe('same-origin');
    expect(login.body).toEqual({ email: 'nina@example.ch', password: 'right-password' });
    expect(api.find('GET', '/sanctum/csrf-cookie')).toHaveLength(1);
  });

  it('fetches a fresh XSRF token once when the server answers 419', async () => {
    const user = userEvent.setup({ delay: null });
    setXsrfCookie('stale');
    let attempts = 0;
    const api = serve({
      [`GET ${BASE}/me`]: () => ok({ customer: null }),
      [`POST ${BASE}/magic-link`]: (c) => {
        attempts++;
        return c.headers['x-xsrf-token'] === XSRF
          ? ok({ success: true, message: 'If there is an account with this address, we have sent you an e-mail with a link.' })
          : fail(419, { message: 'CSRF token mismatch.' });
      },
    });
    renderShop(PAGE);
    await user.click(await screen.findByRole('button', { name: 'E-mail me a log-in link instead' }));
    await user.type(screen.getByLabelText(/^E-mail/), 'nina@example.ch');
    await user.click(screen.getByRole('button', { name: 'E-mail me a link' }));
    expect(await screen.findByText(/we have sent you an e-mail with a link/)).toBeInTheDocument();
    expect(attempts).toBe(2);
    expect(api.find('GET', '/sanctum/csrf-cookie')).toHaveLength(1);
    expect(api.find('POST', `${BASE}/magic-link`)[1]!.body).toEqual({ email: 'nina@example.ch', language: 'en' });
  });

  it('creates an account and sends "forgot password" to the customer reset mail', async () => {
    const user = userEvent.setup({ delay: null });
    const api = serve({
      [`GET ${BASE}/me`]: () => ok({ customer: null }),
      [`POST ${BASE}/register`]: () =>
        ok({ success: true, message: 'Almost done: please confirm your e-mail address with the link we have sent you.' }),
      'POST /api/customer/password/reset/mail': () => ok({ success: true, message: 'Please check your E-Mail-Account' }),
    });
    renderShop(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
    await user.type(screen.getByLabelText(/^E-mail/), 'nina@example.ch');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(within(screen.getByRole('form', { name: 'Create an account' })).getByRole('button', { name: 'Create account' }));
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription(/needs at least 8 characters/);
    await user.type(screen.getByLabelText(/^Password/), '-and-longer');
    await user.click(within(screen.getByRole('form', { name: 'Create an account' })).getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/please confirm your e-mail address/)).toBeInTheDocument();
    expect(api.find('POST', `${BASE}/register`)[0]!.body).toEqual({
      email: 'nina@example.ch',
      password: 'short-and-longer',
      language: 'en',
    });

    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please check your E-Mail-Account')).toBeInTheDocument();
    expect(api.find('POST', '/api/customer/password/reset/mail')[0]!.body).toEqual({ email: 'nina@example.ch', team_id: TEAM_ID });
  });

  it('asks an unconfirmed customer to confirm the address, and sends the link again', async () => {
    const user = userEvent.setup({ delay: null });
    const api = serve({
      [`GET ${BASE}/me`]: () => ok({ customer: me({ email_verified: false }) }),
      [`POST ${BASE}/verification/resend`]: () =>
        ok({ success: true, message: 'If there is an account with this address, we have sent you an e-mail with a link.' }),
    });
    renderShop(PAGE);
    expect(await screen.findByText('Please confirm your e-mail address')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'My bookings' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(api.find('POST', `${BASE}/verification/resend`)).toHaveLength(1));
  });

  it('cancels a booking after showing the refund, and lists it again as it is now', async () => {
    const user = userEvent.setup({ delay: null });
    let cancelled = false;
    const api = serve({
      [`GET ${BASE}/me`]: () => ok({ customer: me() }),
      [`GET ${BASE}/bookings`]: () =>
        ok(
          bookingPage([
            cancelled
              ? booking({
                  payment_status: 'refunded',
                  tickets_available: false,
                  cancellation: cancellation({
                    allowed: false,
                    reason: 'ended',
                    mode: null,
                    refund: 0,
                    message: 'This booking has already ended.',
                  }),
                })
              : booking(),
          ]),
        ),
      [`POST ${BASE}/orders/55/cancellation`]: () => {
        cancelled = true;
        return ok({
          success: true,
          message: 'Your booking has been cancelled. CHF 50.00 will be refunded to your means of payment.',
          data: {
            order_id: '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
            payment_status: 'refunded',
            mode: 'refund',
            refund: 50,
            refund_method: 'online',
            currency: 'CHF',
          },
        });
      },
    });
    renderShop(PAGE);
    const list = await screen.findByRole('region', { name: 'My bookings' });
    await user.click(await within(list).findByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel booking 1042?' });
    expect(within(dialog).getByText(/CHF 50.00 will be refunded/)).toBeInTheDocument();
    expect(within(dialog).getByText('Refund').parentElement).toHaveTextContent(/CHF\s50\.00/);
    // The safe answer has the focus.
    expect(within(dialog).getByRole('button', { name: 'Keep booking' })).toHaveFocus();
    expect(api.find('POST', `${BASE}/orders/55/cancellation`)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(
      await screen.findByText('Your booking has been cancelled. CHF 50.00 will be refunded to your means of payment.'),
    ).toBeInTheDocument();
    expect(api.find('POST', `${BASE}/orders/55/cancellation`)[0]!.body).toEqual({ expect: 'refund' });
    await waitFor(() => expect(within(list).getByText('Refunded')).toBeInTheDocument());
    expect(within(list).queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Book again: Morning yoga' })).toHaveAttribute('href', `/en/shop/${TEAM_ID}/activity/1`);
  });

  it('shows the new terms when they changed while the dialog was open', async () => {
    const user = userEvent.setup({ delay: null });
    const late = cancellation({
      mode: 'no_refund',
      refund: 0,
      kept: 50,
      message: 'The free cancellation period ended on 12 March 2031. You can still cancel, but CHF 50.00 will not be refunded.',
    });
    const api = serve({
      [`GET ${BASE}/me`]: () => ok({ customer: me() }),
      [`GET ${BASE}/bookings`]: () => ok(bookingPage([booking()])),
      [`POST ${BASE}/orders/55/cancellation`]: (c) =>
        (c.body as { expect: string }).expect === 'refund'
          ? fail(409, { message: 'The cancellation terms have changed meanwhile.', quote: late })
          : ok({
              success: true,
              message: 'Your booking has been cancelled without a refund.',
              data: {
                order_id: '3f2a9c1e-8b7d-4e6f-9a0b-1c2d3e4f5a6b',
                payment_status: 'cancelled',
                mode: 'no_refund',
                refund: 0,
                refund_method: null,
                currency: 'CHF',
              },
            }),
    });
    renderShop(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Cancel booking' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel and refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The cancellation terms have changed meanwhile.');
    expect(within(dialog).getByText(/will not be refunded/)).toBeInTheDocument();
    expect(within(dialog).getByText('No refund')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel without refund' }));
    expect(await screen.findByText('Your booking has been cancelled without a refund.')).toBeInTheDocument();
    expect(api.find('POST', `${BASE}/orders/55/cancellation`).map((c) => c.body)).toEqual([{ expect: 'refund' }, { expect: 'no_refund' }]);
  });

  it('says why a booking cannot be cancelled online', async () => {
    serve({
      [`GET ${BASE}/me`]: () => ok({ customer: me() }),
      [`GET ${BASE}/bookings`]: () =>
        ok(
          bookingPage([
            booking({
              cancellation: cancellation({
                allowed: false,
                reason: 'not_offered',
                mode: null,
                message: 'This booking cannot be cancelled online. Please contact Yoga Loft.',
              }),
            }),
          ]),
        ),
    });
    renderShop(PAGE);
    expect(await screen.findByText('This booking cannot be cancelled online. Please contact Yoga Loft.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it('logs out', async () => {
    const user = userEvent.setup({ delay: null });
    const api = serve({
      [`GET ${BASE}/me`]: () => ok({ customer: me() }),
      [`GET ${BASE}/bookings`]: () => ok(bookingPage([])),
      [`POST ${BASE}/logout`]: () => ok({ success: true }),
    });
    renderShop(PAGE);
    expect(await screen.findByText('You have no bookings in this shop yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('You are logged out.')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Log in' })).toBeInTheDocument();
    expect(api.find('POST', `${BASE}/logout`)).toHaveLength(1);
  });
});

describe('the link page', () => {
  beforeEach(() => clearXsrfCookie());
  afterEach(() => vi.unstubAllGlobals());

  it('opens a mailed link only with the button (opening the page changes nothing), then the account without the token in the address', async () => {
    const user = userEvent.setup({ delay: null });
    const api = serve({
      [`POST ${BASE}/link`]: (c) =>
        (c.body as { token: string }).token === 'mailtoken1'
          ? ok({ success: true, message: 'Your e-mail address is confirmed and you are logged in.', customer: me() })
          : fail(422, { success: false, message: 'This link is invalid, has expired or has already been used.' }),
      [`GET ${BASE}/me`]: () => ok({ customer: me() }),
      [`GET ${BASE}/bookings`]: () => ok(bookingPage([])),
    });
    renderShop(`/en/shop/${TEAM_ID}/account/link?token=mailtoken1`);
    const button = await screen.findByRole('button', { name: 'Log in' });
    expect(api.find('POST', `${BASE}/link`)).toHaveLength(0);
    await user.click(button);
    expect(await screen.findByText('Your e-mail address is confirmed and you are logged in.')).toBeInTheDocument();
    expect(currentPath()).toBe(`/en/shop/${TEAM_ID}/account`);
    expect(await screen.findByText('You have no bookings in this shop yet.')).toBeInTheDocument();
    expect(api.find('POST', `${BASE}/link`)).toHaveLength(1);
    expect(api.find('POST', `${BASE}/link`)[0]!.headers['x-xsrf-token']).toBe(XSRF);
  });

  it('explains a used or expired link and offers a new one', async () => {
    serve({
      [`POST ${BASE}/link`]: () => fail(422, { success: false, message: 'This link is invalid, has expired or has already been used.' }),
    });
    renderShop(`/en/shop/${TEAM_ID}/account/link?token=used-token`);
    await userEvent.setup({ delay: null }).click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('This link is invalid, has expired or has already been used.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'E-mail me a link' })).toBeInTheDocument();
  });
});

describe('the account link for the shop’s header', () => {
  it('leads to the account page of the shop', () => {
    const value = {
      lang: 'en' as const,
      t: createT('en'),
      fmt: createFormats('en', 'CH', 'Europe/Zurich'),
      team: team(),
      base: `/en/shop/${TEAM_ID}`,
    };
    render(
      <ShopContext value={value}>
        <AccountLink />
      </ShopContext>,
    );
    expect(screen.getByRole('link', { name: 'My account' })).toHaveAttribute('href', `/en/shop/${TEAM_ID}/account`);
  });
});
