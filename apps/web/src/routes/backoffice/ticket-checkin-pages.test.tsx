import type { CheckinTicket } from '@bookla/shared/selling';
import { onlineManager } from '@tanstack/react-query';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { IDBFactory } from 'fake-indexeddb';
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
import {
  checkedInReply as fixtureCheckedIn,
  CODES,
  LATER_SESSION,
  listReply,
  serverTicket,
  SESSION,
  sessionList,
} from '../../features/selling/checkin/checkin-fixtures';

/** qr-scanner, faked: records that it was loaded, hands the test the decode callback. */
const camera = vi.hoisted(() => ({
  loaded: false,
  start: (): Promise<void> => Promise.resolve(),
  decode: null as null | ((result: { data: string }) => void),
  decodeError: null as null | ((error: string) => void),
  destroyed: 0,
}));
vi.mock('qr-scanner', () => {
  camera.loaded = true;
  return {
    default: class FakeQrScanner {
      static NO_QR_CODE_FOUND = 'No QR code found';
      constructor(_video: HTMLVideoElement, onDecode: (result: { data: string }) => void, options: { onDecodeError: (e: string) => void }) {
        camera.decode = onDecode;
        camera.decodeError = options.onDecodeError;
      }
      start() {
        return camera.start();
      }
      destroy() {
        camera.destroyed++;
      }
    },
  };
});

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

/** "10:05" in Zurich, as the page shows a time in English for a Swiss company (independent of dayjs). */
const zurichTime = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(
    new Date(iso),
  );

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
    expect(card).toHaveTextContent('01/06/2026 10:00');
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
    expect(await within(result()).findByText('Already checked in on 30/05/2026 at 19:15')).toBeInTheDocument();
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

describe('/{lang}/ticket/checkin with a date, offline and the camera', { timeout: 30_000 }, () => {
  let online: boolean;
  const setOnline = (value: boolean) => {
    online = value;
    act(() => {
      window.dispatchEvent(new Event(value ? 'online' : 'offline'));
    });
  };
  const SESSIONS = 'GET /api/checkin/sessions';
  const TICKETS = `GET /api/checkin/sessions/${SESSION.id}/tickets`;
  const postOf = (code: string) => `POST /api/tickets/${code}/checkin`;
  const count = () => screen.getByRole('group', { name: 'Checked in for this date' });

  beforeEach(() => {
    online = true;
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: {} });
    // A fresh, empty IndexedDB per test.
    vi.stubGlobal('indexedDB', new IDBFactory());
    camera.loaded = false;
    camera.decode = null;
    camera.start = () => Promise.resolve();
  });
  afterEach(() => {
    // The other describes' tests (in any order) get the browser as it was: online, no camera.
    cleanup();
    localStorage.clear();
    for (const key of ['onLine', 'mediaDevices', 'vibrate']) Reflect.deleteProperty(navigator, key);
    Reflect.deleteProperty(window, 'isSecureContext');
    onlineManager.setOnline(true);
  });

  async function openWithDate() {
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, `/en/ticket/checkin?day=2026-06-01&session=${SESSION.id}`);
    await waitFor(() => expect(count()).toHaveTextContent('0 of 2 checked in'));
    const input = screen.getByRole('textbox', { name: 'Ticket code or link' });
    return { user, input, router };
  }

  it('lists the day’s dates, saves the chosen date’s list and counts its check-ins', async () => {
    const list = await sessionList();
    const at = new Date().toISOString();
    const { calls } = fakeApi({
      [SESSIONS]: () => listReply([SESSION, LATER_SESSION]),
      [TICKETS]: () => listReply(list),
      [postOf(CODES.lea)]: () => fixtureCheckedIn(at),
    });
    const user = userEvent.setup({ delay: null });
    const { router } = renderRoutes(routes, '/en/ticket/checkin?day=2026-06-01');
    const select = await screen.findByRole('combobox', { name: /^Date to check in for/ });
    await user.click(select);
    const listbox = await waitFor(() => {
      const element = document.getElementById(select.getAttribute('aria-controls') ?? '');
      if (!element) throw new Error('no listbox yet');
      return element;
    });
    expect(within(listbox).getByRole('option', { name: '10:00 · Morning yoga', hidden: true })).toBeInTheDocument();
    expect(within(listbox).getByRole('option', { name: '18:30 · Evening pilates', hidden: true })).toBeInTheDocument();
    await user.click(within(listbox).getByRole('option', { name: '10:00 · Morning yoga', hidden: true }));
    await waitFor(() => expect(count()).toHaveTextContent('0 of 2 checked in'));
    expect(router.state.location.search).toBe(`?day=2026-06-01&session=${SESSION.id}`);
    expect(screen.getByText(/List saved for offline use at/)).toBeInTheDocument();
    const sessionsCall = calls.find((c) => c.url.startsWith('/api/checkin/sessions?'))!;
    expect(decodeURIComponent(sessionsCall.url)).toContain('columnFilters[date]=2026-06-01');

    await user.type(screen.getByRole('textbox', { name: 'Ticket code or link' }), `${CODES.lea}{Enter}`);
    await within(result()).findByText('Checked in');
    await waitFor(() => expect(count()).toHaveTextContent('1 of 2 checked in'));
    expect(screen.getByText('Online')).toBeInTheDocument();
  });

  it('refuses another date’s ticket clearly and does not check it in', async () => {
    const list = await sessionList();
    const { calls } = fakeApi({
      [SESSIONS]: () => listReply([SESSION]),
      [TICKETS]: (call) => listReply(call.url.includes('code_hash') ? [] : list),
      [`GET /api/tickets/${CODES.other}`]: () =>
        json({
          data: serverTicket({
            code: CODES.other,
            activity: { id: 6, name: 'Evening pilates' },
            session_starts_at: LATER_SESSION.starts_at,
          }),
        }),
    });
    const { user, input } = await openWithDate();
    await user.type(input, `${CODES.other}{Enter}`);
    expect(await within(result()).findByText('Wrong date')).toBeInTheDocument();
    expect(result()).toHaveTextContent('This ticket is for Evening pilates on 01/06/2026 18:30. Do not check it in here.');
    expect(result().querySelector('[data-tone="stop"]')).not.toBeNull();
    expect(calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/tickets'))).toEqual([]);
    expect(count()).toHaveTextContent('0 of 2 checked in');
  });

  it('offline: decides from the saved list, queues, shows "offline — N queued" and syncs when back online', async () => {
    const list = await sessionList();
    let synced: unknown = null;
    const { calls } = fakeApi({
      [SESSIONS]: () => listReply([SESSION]),
      [TICKETS]: () => listReply(list),
      'POST /api/checkin/sync': (call) => {
        synced = call.body;
        const scans = (call.body as { scans: { code: string; scanned_at: string }[] }).scans;
        const earlier = new Date(Date.parse(scans[1]!.scanned_at) - 120_000).toISOString();
        return json({
          data: [
            { ...scans[0]!, result: 'checked_in', checked_in_at: scans[0]!.scanned_at, ticket: serverTicket() },
            {
              ...scans[1]!,
              result: 'already_checked_in',
              checked_in_at: earlier,
              ticket: serverTicket({ code: CODES.tim, participant: { firstname: 'Tim', lastname: 'Keller' } }),
            },
          ],
        });
      },
    });
    const { user, input } = await openWithDate();
    setOnline(false);
    expect(await screen.findByText('Offline')).toBeInTheDocument();

    await user.type(input, `${CODES.lea}{Enter}`);
    await within(result()).findByText('Checked in');
    expect(result()).toHaveTextContent('Offline: decided from the saved list');
    expect(result()).toHaveTextContent('Lea Keller');
    expect(await screen.findByText('Offline — 1 scan queued')).toBeInTheDocument();
    expect(count()).toHaveTextContent('1 of 2 checked in');
    // No undo for a check-in the server has not seen yet.
    expect(screen.queryByRole('button', { name: 'Undo check-in' })).not.toBeInTheDocument();

    await user.type(input, `${CODES.lea}{Enter}`);
    await within(result()).findByText(/^Already checked in at /);
    await user.type(input, `${CODES.ueli}{Enter}`);
    await within(result()).findByText('Not paid');
    await user.type(input, `${CODES.carla}{Enter}`);
    await within(result()).findByText('Cancelled');
    await user.type(input, `${CODES.other}{Enter}`);
    await within(result()).findByText('Not on this date’s list');
    await user.type(input, `${CODES.tim}{Enter}`);
    await within(result()).findByText('Checked in');
    expect(await screen.findByText('Offline — 2 scans queued')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    setOnline(true);
    expect(await screen.findByText('2 queued scans sent.')).toBeInTheDocument();
    expect(synced).toEqual({
      scans: [
        { code: CODES.lea, scanned_at: expect.any(String) },
        { code: CODES.tim, scanned_at: expect.any(String) },
      ],
    });
    expect(screen.getByText('Needs your attention')).toBeInTheDocument();
    expect(screen.getByText(/^Tim Keller: already checked in at .* by another scan/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText(/waiting to be sent|scans? queued$/)).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Needs your attention')).toBeNull();
  });

  it('falls back to the saved list when the server cannot be reached though the browser says online', async () => {
    const list = await sessionList();
    fakeApi({
      [SESSIONS]: () => listReply([SESSION]),
      [TICKETS]: () => listReply(list),
      [postOf(CODES.lea)]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const { user, input } = await openWithDate();
    await user.type(input, `${CODES.lea}{Enter}`);
    await within(result()).findByText('Checked in');
    expect(await screen.findByText('Offline — 1 scan queued')).toBeInTheDocument();
  });

  it('scans with the camera: loads the scanner only when started, checks in the code of the QR link', async () => {
    const list = await sessionList();
    const { calls } = fakeApi({
      [SESSIONS]: () => listReply([SESSION]),
      [TICKETS]: () => listReply(list),
      [postOf(CODES.lea)]: () => fixtureCheckedIn(new Date().toISOString()),
    });
    const { user } = await openWithDate();
    expect(camera.loaded).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Scan with camera' }));
    expect(await screen.findByText('Hold the ticket’s QR code inside the frame.')).toBeInTheDocument();
    expect(camera.loaded).toBe(true);
    act(() => camera.decode!({ data: `https://bookla.example/ticket/${CODES.lea}/checkin` }));
    await within(result()).findByText('Checked in');
    // The same code still in front of the camera is not a second scan, however long it stays there
    // (a sighting every second for 10 s); taken away for 5 s and shown again, it is.
    const posts = () => calls.filter((c) => c.method === 'POST' && c.url.startsWith('/api/tickets'));
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now');
    for (let s = 0; s <= 10; s++) {
      clock.mockReturnValue(start + s * 1000);
      act(() => camera.decode!({ data: `https://bookla.example/ticket/${CODES.lea}/checkin` }));
    }
    expect(posts()).toHaveLength(1);
    clock.mockReturnValue(start + 15_000);
    act(() => camera.decode!({ data: `https://bookla.example/ticket/${CODES.lea}/checkin` }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    clock.mockRestore();
    // The camera is paused while a code is checked: the next one only after the answer is shown.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Check in' })).not.toHaveAttribute('data-loading'));
    // A QR code that is no ticket.
    act(() => camera.decode!({ data: 'WIFI:S:guest;P:secret;;' }));
    expect(await within(result()).findByText('Ticket not found')).toBeInTheDocument();
    // Frames without a code are normal; a decoder that fails on every frame is reported.
    act(() => Array.from({ length: 10 }, () => camera.decodeError!('No QR code found')));
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => Array.from({ length: 5 }, () => camera.decodeError!('Scanner error: worker blocked')));
    expect(await screen.findByRole('alert')).toHaveTextContent('The camera picture cannot be read in this browser.');
    await user.click(screen.getByRole('button', { name: 'Stop camera' }));
    expect(camera.destroyed).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Scan with camera' })).toBeInTheDocument();
  });

  it('says why the camera cannot start', async () => {
    fakeApi({ [SESSIONS]: () => listReply([]) });
    camera.start = () => Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' }));
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/en/ticket/checkin');
    await user.click(await screen.findByRole('button', { name: 'Scan with camera' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The camera may not be used.');
    expect(await screen.findByText('No dates of your activities on this day.')).toBeInTheDocument();
  });

  it('beeps and vibrates when asked to, and remembers the choice', async () => {
    const vibrate = vi.fn(() => true);
    Object.defineProperty(navigator, 'vibrate', { configurable: true, value: vibrate });
    fakeApi({
      [SESSIONS]: () => listReply([]),
      [postOf(CODES.lea)]: () => fixtureCheckedIn(new Date().toISOString()),
      [postOf(CODES.other)]: notFound,
    });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/en/ticket/checkin');
    const input = await screen.findByRole('textbox', { name: 'Ticket code or link' });
    await user.type(input, `${CODES.lea}{Enter}`);
    await within(result()).findByText('Checked in');
    expect(vibrate).not.toHaveBeenCalled();
    await user.click(screen.getByRole('switch', { name: 'Sound and vibration' }));
    await user.type(input, `${CODES.lea}{Enter}`);
    await waitFor(() => expect(vibrate).toHaveBeenCalledWith(80));
    await user.type(input, `${CODES.other}{Enter}`);
    await waitFor(() => expect(vibrate).toHaveBeenLastCalledWith([250, 80, 250]));
    expect(localStorage.getItem('bookla.checkin.feedback')).toBe('1');
  });

  it('queues a scan offline without a chosen date and says it is not yet checked', async () => {
    fakeApi({ [SESSIONS]: () => listReply([]) });
    const user = userEvent.setup({ delay: null });
    renderRoutes(routes, '/en/ticket/checkin');
    const input = await screen.findByRole('textbox', { name: 'Ticket code or link' });
    setOnline(false);
    await user.type(input, `${CODES.lea}{Enter}`);
    expect(await within(result()).findByText('Saved, not yet checked')).toBeInTheDocument();
    expect(await screen.findByText('Offline — 1 scan queued')).toBeInTheDocument();
    expect(screen.getByText(/Without a saved list, scans are kept unchecked/)).toBeInTheDocument();
  });
});
