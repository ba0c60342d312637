import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setXsrfCookie } from '../../../../test/auth-fixtures';
import { json, type FakeCall } from '../../../../test/fake-fetch';
import { fakeApi } from '../../../../test/team-fixtures';
import { checkedInReply, CODES, LATER_SESSION, listEntry, listReply, serverTicket, SESSION, sessionList } from '../checkin-fixtures';
import { openCheckinStore, type CheckinStore } from './checkin-store';
import { cacheSession, checkInAtDoor, countSession, syncQueue, type Door } from './door';
import { hashTicketCode } from './hash-code';

const TICKETS = `GET /api/checkin/sessions/${SESSION.id}/tickets`;
const post = (code: string) => `POST /api/tickets/${code}/checkin`;
const unreachable = () => {
  throw new TypeError('Failed to fetch');
};
const filterOf = (call: FakeCall) => new URL(call.url, 'http://x').searchParams.get('columnFilters[code_hash]');
const apiCalls = (calls: FakeCall[]) => calls.filter((c) => c.url.startsWith('/api/')).map((c) => `${c.method} ${c.url.split('?')[0]}`);

let store: CheckinStore;
let online: boolean;
const door = (session = SESSION): Door => ({ store, session, online: () => online });

beforeEach(async () => {
  setXsrfCookie();
  online = true;
  // A fresh, empty IndexedDB per test.
  store = (await openCheckinStore(new IDBFactory()))!;
});
afterEach(() => vi.unstubAllGlobals());

/** The date's list saved on the device, as after choosing the date online. */
async function saved() {
  const list = await sessionList();
  fakeApi({ [TICKETS]: () => listReply(list) });
  await cacheSession(store, SESSION);
  return list;
}

describe('hashTicketCode', () => {
  it('is hex SHA-256 of the code, as the server lists it', async () => {
    expect(await hashTicketCode('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(await hashTicketCode(CODES.lea)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe('online', () => {
  it('checks a ticket of the list in on the server and the saved list follows', async () => {
    await saved();
    const at = new Date().toISOString();
    const { calls } = fakeApi({ [post(CODES.lea)]: () => checkedInReply(at) });
    const outcome = await checkInAtDoor(CODES.lea, door());
    expect(outcome).toMatchObject({ kind: 'checkedIn', checkedInAt: at, ticket: { participant: { firstname: 'Lea' }, orderNumber: 1042 } });
    expect(outcome).not.toHaveProperty('offline');
    expect(apiCalls(calls)).toEqual([post(CODES.lea)]);
    expect(await countSession(store, SESSION.id)).toEqual({ checkedIn: 1, expected: 2 });
    expect(await store.queued()).toEqual([]);
  });

  it('says "wrong date" for another date’s ticket and never checks it in', async () => {
    await saved();
    const { calls } = fakeApi({
      [TICKETS]: (call) => {
        expect(filterOf(call)).toMatch(/^[0-9a-f]{64}$/);
        return listReply([]);
      },
      [`GET /api/tickets/${CODES.other}`]: () =>
        json({
          data: serverTicket({
            code: CODES.other,
            activity: { id: 6, name: 'Evening pilates' },
            session_starts_at: LATER_SESSION.starts_at,
          }),
        }),
    });
    const outcome = await checkInAtDoor(CODES.other, door());
    expect(outcome).toMatchObject({
      kind: 'wrongSession',
      ticket: { activityName: 'Evening pilates', sessionStartsAt: LATER_SESSION.starts_at },
    });
    expect(apiCalls(calls)).toEqual([TICKETS, `GET /api/tickets/${CODES.other}`]);
  });

  it('says "unknown" for a code no ticket has', async () => {
    await saved();
    fakeApi({ [TICKETS]: () => listReply([]) });
    expect(await checkInAtDoor(CODES.other, door())).toEqual({ kind: 'notFound' });
  });

  it('checks in a ticket bought after the list was saved (found by its hash)', async () => {
    await saved();
    const late = await listEntry(CODES.other, 'Nia', 'Neu');
    const at = new Date().toISOString();
    const { calls } = fakeApi({
      [TICKETS]: (call) => listReply(filterOf(call) === late.code_hash ? [late] : []),
      [post(CODES.other)]: () =>
        checkedInReply(at, false, serverTicket({ code: CODES.other, participant: { firstname: 'Nia', lastname: 'Neu' } })),
    });
    expect(await checkInAtDoor(CODES.other, door())).toMatchObject({ kind: 'checkedIn', ticket: { participant: { firstname: 'Nia' } } });
    expect(apiCalls(calls)).toEqual([TICKETS, post(CODES.other)]);
    expect(await countSession(store, SESSION.id)).toEqual({ checkedIn: 1, expected: 3 });
  });

  it('shows the server’s refusal of an unpaid ticket and keeps it unpaid on the list', async () => {
    await saved();
    fakeApi({
      [post(CODES.tim)]: () =>
        json(
          {
            message: 'This ticket is not paid.',
            success: false,
            code: 'TICKET_UNPAID',
            ticket: serverTicket({ participant: { firstname: 'Tim', lastname: 'Keller' } }),
          },
          422,
        ),
    });
    expect(await checkInAtDoor(CODES.tim, door())).toMatchObject({ kind: 'unpaid', ticket: { participant: { firstname: 'Tim' } } });
    expect(await countSession(store, SESSION.id)).toEqual({ checkedIn: 0, expected: 1 });
  });

  it('checks in without a chosen date, as before', async () => {
    const at = new Date().toISOString();
    const { calls } = fakeApi({ [post(CODES.lea)]: () => checkedInReply(at, true) });
    expect(await checkInAtDoor(CODES.lea, door(null as never))).toMatchObject({ kind: 'already', checkedInAt: at });
    expect(apiCalls(calls)).toEqual([post(CODES.lea)]);
  });
});

describe('offline', () => {
  it('decides from the saved list without asking the server, and queues the check-in', async () => {
    await saved();
    online = false;
    const { calls } = fakeApi({});
    const before = Date.now();
    const first = await checkInAtDoor(CODES.lea, door());
    expect(first).toMatchObject({
      kind: 'checkedIn',
      offline: true,
      ticket: { participant: { firstname: 'Lea' }, activityName: 'Morning yoga' },
    });
    const queued = await store.queued();
    expect(queued).toMatchObject([{ code: CODES.lea, session_id: SESSION.id }]);
    expect(Date.parse(queued[0]!.scanned_at)).toBeGreaterThanOrEqual(before);

    // The same ticket again: already in, at the first scan's time; nothing more queued.
    expect(await checkInAtDoor(CODES.lea, door())).toMatchObject({ kind: 'already', offline: true, checkedInAt: queued[0]!.scanned_at });
    expect(await checkInAtDoor(CODES.ueli, door())).toMatchObject({
      kind: 'unpaid',
      offline: true,
      ticket: { participant: { firstname: 'Ueli' } },
    });
    expect(await checkInAtDoor(CODES.carla, door())).toMatchObject({ kind: 'cancelled', offline: true });
    expect(await checkInAtDoor(CODES.other, door())).toEqual({ kind: 'wrongSession' });
    expect(await store.queued()).toHaveLength(1);
    expect(await countSession(store, SESSION.id)).toEqual({ checkedIn: 1, expected: 2 });
    expect(calls.filter((c) => c.url.startsWith('/api/'))).toEqual([]);
  });

  it('falls back to the saved list when the server cannot be reached', async () => {
    await saved();
    fakeApi({ [post(CODES.tim)]: unreachable });
    expect(await checkInAtDoor(CODES.tim, door())).toMatchObject({ kind: 'checkedIn', offline: true });
    expect(await store.queued()).toMatchObject([{ code: CODES.tim }]);
    // A proxy's "server down" is unreachable too.
    fakeApi({ [post(CODES.lea)]: () => json({ message: 'Bad Gateway' }, 502) });
    expect(await checkInAtDoor(CODES.lea, door())).toMatchObject({ kind: 'checkedIn', offline: true });
    // A 500 is not: the server answered, and says it failed.
    fakeApi({ [TICKETS]: () => json({ message: 'Server Error' }, 500) });
    expect(await checkInAtDoor(CODES.other, door())).toEqual({ kind: 'failed' });
    expect(await store.queued()).toHaveLength(2);
  });

  it('queues a scan without a chosen date unchecked, and says so', async () => {
    online = false;
    expect(await checkInAtDoor(CODES.lea, door(null as never))).toEqual({ kind: 'queued' });
    expect(await store.queued()).toMatchObject([{ code: CODES.lea, session_id: null }]);
  });

  it('fails plainly where the browser has no IndexedDB', async () => {
    online = false;
    expect(await openCheckinStore(undefined)).toBeNull();
    expect(await checkInAtDoor(CODES.lea, { store: null, session: SESSION, online: () => false })).toEqual({ kind: 'failed' });
  });

  it('keeps scans not yet synced checked in when the list is saved again', async () => {
    await saved();
    online = false;
    await checkInAtDoor(CODES.lea, door());
    await saved();
    expect(await countSession(store, SESSION.id)).toEqual({ checkedIn: 1, expected: 2 });
  });
});

describe('syncQueue', () => {
  it('sends the queue, empties it, reports conflicts and updates the saved list', async () => {
    await saved();
    online = false;
    await checkInAtDoor(CODES.lea, door());
    await checkInAtDoor(CODES.tim, door());
    const [lea, tim] = await store.queued();
    const earlier = new Date(Date.parse(tim!.scanned_at) - 60_000).toISOString();
    const { calls } = fakeApi({
      'POST /api/checkin/sync': () =>
        json({
          data: [
            { code: CODES.lea, scanned_at: lea!.scanned_at, result: 'checked_in', checked_in_at: lea!.scanned_at, ticket: serverTicket() },
            {
              code: CODES.tim,
              scanned_at: tim!.scanned_at,
              result: 'already_checked_in',
              checked_in_at: earlier,
              ticket: serverTicket({ code: CODES.tim, participant: { firstname: 'Tim', lastname: 'Keller' } }),
            },
          ],
        }),
    });
    online = true;
    const report = await syncQueue(store, SESSION.id);
    const sent = calls.find((c) => c.url.startsWith('/api/checkin/sync'))!;
    expect(sent.body).toEqual({
      scans: [
        { code: CODES.lea, scanned_at: lea!.scanned_at },
        { code: CODES.tim, scanned_at: tim!.scanned_at },
      ],
    });
    expect(sent.headers['x-xsrf-token']).toBeTruthy();
    expect(report).toEqual({
      synced: 2,
      conflicts: [{ result: 'already_checked_in', name: 'Tim Keller', scannedAt: tim!.scanned_at, checkedInAt: earlier }],
    });
    expect(await store.queued()).toEqual([]);
    expect((await store.ticket(SESSION.id, await hashTicketCode(CODES.tim)))!.checked_in_at).toBe(earlier);
    expect(await syncQueue(store, SESSION.id)).toEqual({ synced: 0, conflicts: [] });
  });

  it('keeps the queue when the server cannot be reached', async () => {
    online = false;
    await checkInAtDoor(CODES.lea, door(null as never));
    fakeApi({ 'POST /api/checkin/sync': unreachable });
    await expect(syncQueue(store, null)).rejects.toThrow(TypeError);
    expect(await store.queued()).toHaveLength(1);
  });

  it('reports a queued scan the server refuses (cancelled meanwhile, or unknown)', async () => {
    online = false;
    await checkInAtDoor(CODES.lea, door(null as never));
    await checkInAtDoor(CODES.other, door(null as never));
    const queued = await store.queued();
    fakeApi({
      'POST /api/checkin/sync': () =>
        json({
          data: [
            { code: CODES.lea, scanned_at: queued[0]!.scanned_at, result: 'cancelled', checked_in_at: null, ticket: serverTicket() },
            { code: CODES.other, scanned_at: queued[1]!.scanned_at, result: 'not_found', checked_in_at: null, ticket: null },
          ],
        }),
    });
    const report = await syncQueue(store, null);
    expect(report.conflicts.map((c) => [c.result, c.name])).toEqual([
      ['cancelled', 'Lea Keller'],
      ['not_found', null],
    ]);
  });
});
