import type { CheckinTicket } from '@bookla/shared/selling';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { routes } from '../../app/router';
import { DEFAULT_APP_STATE, setAppState } from '../../lib/app-state';
import { applyLanguage } from '../../lib/language';
import { setXsrfCookie } from '../../test/auth-fixtures';
import { json, type FakeCall } from '../../test/fake-fetch';
import { renderRoutes, TestProviders } from '../../test/render';
import { appUser, fakeApi, loggedInState, makeTeam } from '../../test/team-fixtures';

const CODE = 'Vq3k_9xZ-aB7cD1eF2gH3iJ4';
const OTHER = 'Zz9y_8xW-vU7tS6rQ5pO4nM3';
const CHECKIN = `POST /api/tickets/${CODE}/checkin`;

function ticket(overrides: Partial<CheckinTicket> = {}): CheckinTicket {
  return {
    code: CODE,
    participant: { firstname: 'Lea', lastname: 'Keller' },
    activity: { id: 5, name: 'Morning yoga' },
    ticket_name: 'Admission',
    // 10:00 in Zurich (summer time).
    session_starts_at: '2026-06-01T08:00:00Z',
    order: { id: 9, number: 1042, payment_status: 'paid', paid_at: '2026-05-20T10:00:00Z' },
    checked_in_at: null,
    ...overrides,
  };
}

const checkedIn = (at: string, already = false, t: CheckinTicket = ticket()) =>
  json({ success: true, ticket: { ...t, checked_in_at: at }, checked_in_at: at, already_checked_in: already });
const refused = (code: 'TICKET_UNPAID' | 'TICKET_CANCELLED', status: CheckinTicket['order']['payment_status']) =>
  json(
    {
      message: code === 'TICKET_UNPAID' ? 'This ticket is not paid.' : 'This ticket has been cancelled.',
      success: false,
      code,
      ticket: ticket({ order: { id: 9, number: 1042, payment_status: status, paid_at: null } }),
    },
    422,
  );
const notFound = () => json({ message: 'Not Found' }, 404);

/** "10:05 AM" in Zurich, as the page shows a time in English (independent of dayjs). */
const zurichTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Zurich', hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

const team = makeTeam(3, 'Yoga Zürich');
const posts = (calls: FakeCall[], path = `/api/tickets/${CODE}/checkin`) =>
  calls.filter((c) => c.method === 'POST' && c.url.split('?')[0] === path);
const result = () => screen.getByRole('status', { name: 'Check-in result' });

beforeEach(async () => {
  setXsrfCookie();
  setAppState(DEFAULT_APP_STATE);
  await applyLanguage('en');
  setAppState(loggedInState(team));
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await applyLanguage('en');
});

describe('/{lang}/ticket/checkin (manual entry)', { timeout: 20_000 }, () => {
  async function open() {
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/en/ticket/checkin');
    const input = await screen.findByRole('textbox', { name: 'Ticket code or link' });
    return { user, input };
  }

  it('checks a typed code in, shows the result and is ready for the next ticket', async () => {
    const now = new Date().toISOString();
    const { calls } = fakeApi({ [CHECKIN]: () => checkedIn(now) });
    const { user, input } = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Ticket check-in' })).toBeInTheDocument();
    await waitFor(() => expect(input).toHaveFocus());

    await user.type(input, `${CODE}{Enter}`);
    await within(result()).findByText('Checked in');
    const card = result();
    expect(card).toHaveTextContent('Lea Keller');
    expect(card).toHaveTextContent('Morning yoga');
    expect(card).toHaveTextContent('Admission');
    expect(card).toHaveTextContent('06/01/2026 10:00 AM');
    expect(card).toHaveTextContent('No. 1042');
    expect(card).toHaveAttribute('aria-live', 'polite');
    expect(input).toHaveValue('');
    expect(input).toHaveFocus();
    expect(posts(calls)).toHaveLength(1);
    expect(posts(calls)[0]!.headers['x-xsrf-token']).toBeTruthy();
  });

  it('takes the code out of a pasted ticket link', async () => {
    const { calls } = fakeApi({ [CHECKIN]: () => checkedIn(new Date().toISOString()) });
    const { user, input } = await open();
    await user.click(input);
    await user.paste(`https://bookla.example/ticket/${CODE}/checkin`);
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    await within(result()).findByText('Checked in');
    expect(posts(calls)).toHaveLength(1);
  });

  it('says what is wrong with an empty or unusable entry, without asking the server', async () => {
    const { calls } = fakeApi({});
    const { user, input } = await open();
    await user.click(screen.getByRole('button', { name: 'Check in' }));
    expect(await screen.findByText('Please enter a ticket code or paste the ticket’s link.')).toBeInTheDocument();
    expect(input).toHaveAttribute('aria-invalid', 'true');
    await user.type(input, 'hello world{Enter}');
    expect(await screen.findByText('This is not a ticket code or ticket link.')).toBeInTheDocument();
    expect(input).toHaveFocus();
    expect(calls.filter((c) => c.url.startsWith('/api/tickets'))).toEqual([]);
  });

  it('shows "already checked in" with the time of the first check-in', async () => {
    const first = new Date(Date.now() - 5 * 60_000).toISOString();
    fakeApi({ [CHECKIN]: () => checkedIn(first, true) });
    const { user, input } = await open();
    await user.type(input, `${CODE}{Enter}`);
    expect(await within(result()).findByText(`Already checked in at ${zurichTime(first)}`)).toBeInTheDocument();
    expect(result()).toHaveTextContent('Lea Keller');
  });

  it('names the day of a check-in of another day', async () => {
    fakeApi({ [CHECKIN]: () => checkedIn('2026-05-30T17:15:00Z', true) });
    const { user, input } = await open();
    await user.type(input, `${CODE}{Enter}`);
    expect(await within(result()).findByText('Already checked in on 05/30/2026 at 7:15 PM')).toBeInTheDocument();
  });

  it('shows an unpaid ticket in red words with who it is', async () => {
    fakeApi({ [CHECKIN]: () => refused('TICKET_UNPAID', 'waiting') });
    const { user, input } = await open();
    await user.type(input, `${CODE}{Enter}`);
    expect(await within(result()).findByText('Not paid')).toBeInTheDocument();
    expect(result()).toHaveTextContent('Lea Keller');
    expect(result()).toHaveTextContent('No. 1042');
    expect(screen.queryByRole('button', { name: 'Undo check-in' })).not.toBeInTheDocument();
  });

  it('shows a cancelled ticket', async () => {
    fakeApi({ [CHECKIN]: () => refused('TICKET_CANCELLED', 'cancelled') });
    const { user, input } = await open();
    await user.type(input, `${CODE}{Enter}`);
    expect(await within(result()).findByText('Cancelled')).toBeInTheDocument();
  });

  it('says when no ticket has the code', async () => {
    fakeApi({ [`POST /api/tickets/${OTHER}/checkin`]: notFound });
    const { user, input } = await open();
    await user.type(input, `${OTHER}{Enter}`);
    expect(await within(result()).findByText('Ticket not found')).toBeInTheDocument();
    expect(result()).not.toHaveTextContent('Lea Keller');
  });

  it('replaces the result with the next ticket’s and undoes a mistaken check-in', async () => {
    const { calls } = fakeApi({
      [CHECKIN]: () => checkedIn(new Date().toISOString()),
      [`POST /api/tickets/${OTHER}/checkin`]: notFound,
      [`DELETE /api/tickets/${CODE}/checkin`]: () => json({ success: true, message: 'The check-in has been undone.', data: ticket() }),
    });
    const { user, input } = await open();
    await user.type(input, `${OTHER}{Enter}`);
    await within(result()).findByText('Ticket not found');
    await user.type(input, `${CODE}{Enter}`);
    await within(result()).findByText('Checked in');
    expect(result()).not.toHaveTextContent('Ticket not found');

    await user.click(screen.getByRole('button', { name: 'Undo check-in' }));
    expect(await within(result()).findByText('Check-in undone')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url.split('?')[0])).toEqual([`/api/tickets/${CODE}/checkin`]);
    expect(input).toHaveFocus();
  });
});

describe('/ticket/{code}/checkin (the QR code’s link)', { timeout: 20_000 }, () => {
  it('checks the ticket in once on opening and offers undo and the manual entry', async () => {
    const { calls } = fakeApi({
      [CHECKIN]: () => checkedIn(new Date().toISOString()),
      [`DELETE /api/tickets/${CODE}/checkin`]: () => json({ success: true, message: 'The check-in has been undone.', data: ticket() }),
    });
    const user = userEvent.setup({ delay: null });
    // Strict mode runs effects twice (as in development): the ticket is still checked in once.
    render(
      <StrictMode>
        <TestProviders>
          <RouterProvider router={createMemoryRouter(routes, { initialEntries: [`/ticket/${CODE}/checkin`] })} />
        </TestProviders>
      </StrictMode>,
    );
    expect(await screen.findByText('Checked in')).toBeInTheDocument();
    expect(result()).toHaveTextContent('Lea Keller');
    expect(screen.getByRole('heading', { level: 1, name: 'Ticket check-in' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter a code by hand' })).toHaveAttribute('href', '/en/ticket/checkin');
    expect(posts(calls)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Undo check-in' }));
    expect(await within(result()).findByText('Check-in undone')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Check in again' }));
    await within(result()).findByText('Checked in');
    expect(posts(calls)).toHaveLength(2);
  });

  it('shows an already checked-in ticket with the first time', async () => {
    const first = new Date(Date.now() - 60_000).toISOString();
    fakeApi({ [CHECKIN]: () => checkedIn(first, true) });
    renderRoutes(routes, `/ticket/${CODE}/checkin`);
    expect(await screen.findByText(`Already checked in at ${zurichTime(first)}`)).toBeInTheDocument();
  });

  it('shows an unpaid ticket', async () => {
    fakeApi({ [CHECKIN]: () => refused('TICKET_UNPAID', 'waiting') });
    renderRoutes(routes, `/ticket/${CODE}/checkin`);
    expect(await screen.findByText('Not paid')).toBeInTheDocument();
    expect(result()).toHaveTextContent('Lea Keller');
  });

  it('says when the ticket is not found', async () => {
    fakeApi({});
    renderRoutes(routes, `/ticket/${CODE}/checkin`);
    expect(await screen.findByText('Ticket not found')).toBeInTheDocument();
  });

  it('speaks the user’s language, which the address does not carry', async () => {
    setAppState(loggedInState(team, [team], { user: appUser({ language: 'de' }), language: 'de' }));
    fakeApi({ [CHECKIN]: () => checkedIn(new Date().toISOString()) });
    renderRoutes(routes, `/ticket/${CODE}/checkin`);
    expect(await screen.findByText('Eingecheckt')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Code von Hand eingeben' })).toHaveAttribute('href', '/de/ticket/checkin');
  });

  it('sends a logged-out visitor to login (in the language the server prefers) and back to the ticket afterwards', async () => {
    setAppState({ ...DEFAULT_APP_STATE, language: 'en' });
    const session = loggedInState(team);
    const { calls } = fakeApi({
      'POST /api/srl/login': () => json({ success: true, message: 'Login Successful' }),
      'GET /api/srl/state': () => json(session),
      [CHECKIN]: () => checkedIn(new Date().toISOString()),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, `/ticket/${CODE}/checkin`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/login'));
    expect(router.state.location.search).toBe(`?redirect=${encodeURIComponent(`/ticket/${CODE}/checkin`)}`);
    expect(posts(calls)).toHaveLength(0);

    await user.type(await screen.findByRole('textbox', { name: 'E-mail address' }), 'anna@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/ticket/${CODE}/checkin`));
    expect(await screen.findByText('Checked in')).toBeInTheDocument();
    expect(posts(calls)).toHaveLength(1);
  });

  it('never sends the login to another site', async () => {
    setAppState(DEFAULT_APP_STATE);
    fakeApi({
      'POST /api/srl/login': () => json({ success: true, message: 'Login Successful' }),
      'GET /api/srl/state': () => json(loggedInState(team)),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, `/en/login?redirect=${encodeURIComponent('//evil.example/x')}`);
    await user.type(await screen.findByRole('textbox', { name: 'E-mail address' }), 'anna@example.com');
    await user.type(screen.getByLabelText(/^Password/), 'secret-password');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend'));
  });
});
