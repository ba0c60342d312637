import type { CheckinSession, CheckinSessionTicket } from '@bookla/shared/checkin';
import type { CheckinTicket } from '@bookla/shared/selling';
import { json } from '../../../test/fake-fetch';
import { hashTicketCode } from './offline/hash-code';

/** Test data of the scanner (tests only): a date, its tickets as the server lists them, replies. */

export const CODES = {
  lea: 'Vq3k_9xZ-aB7cD1eF2gH3iJ4',
  tim: 'Tt1m_9xZ-aB7cD1eF2gH3iJ4',
  ueli: 'Uu3l_9xZ-aB7cD1eF2gH3iJ4',
  carla: 'Cc4r_9xZ-aB7cD1eF2gH3iJ4',
  other: 'Zz9y_8xW-vU7tS6rQ5pO4nM3',
} as const;

export const SESSION: CheckinSession = {
  id: 41,
  activity: { id: 5, name: 'Morning yoga' },
  // 10:00–11:00 in Zurich (summer time).
  starts_at: '2026-06-01T08:00:00.000Z',
  ends_at: '2026-06-01T09:00:00.000Z',
  expected_count: 3,
  checked_in_count: 0,
};

export const LATER_SESSION: CheckinSession = {
  ...SESSION,
  id: 42,
  activity: { id: 6, name: 'Evening pilates' },
  starts_at: '2026-06-01T16:30:00.000Z',
  ends_at: '2026-06-01T17:30:00.000Z',
  expected_count: 0,
};

export async function listEntry(
  code: string,
  firstname: string,
  lastname: string,
  overrides: Partial<CheckinSessionTicket> = {},
): Promise<CheckinSessionTicket> {
  return {
    code_hash: await hashTicketCode(code),
    firstname,
    lastname,
    ticket_name: 'Admission',
    order_number: 1042,
    status: 'valid',
    checked_in_at: null,
    ...overrides,
  };
}

/** Lea and Tim (valid), Ueli (unpaid), Carla (cancelled). */
export async function sessionList(): Promise<CheckinSessionTicket[]> {
  return [
    await listEntry(CODES.lea, 'Lea', 'Keller'),
    await listEntry(CODES.tim, 'Tim', 'Keller'),
    await listEntry(CODES.ueli, 'Ueli', 'Offen', { status: 'unpaid' }),
    await listEntry(CODES.carla, 'Carla', 'Storno', { status: 'cancelled' }),
  ];
}

export const listReply = <T>(data: T[]) =>
  json({
    data,
    meta: { current_page: 1, last_page: 1, per_page: 100, from: data.length ? 1 : null, to: data.length || null, total: data.length },
    links: { first: '/?page=1', last: '/?page=1', prev: null, next: null },
  });

export function serverTicket(overrides: Partial<CheckinTicket> = {}): CheckinTicket {
  return {
    code: CODES.lea,
    participant: { firstname: 'Lea', lastname: 'Keller' },
    activity: { id: 5, name: 'Morning yoga' },
    ticket_name: 'Admission',
    session_starts_at: SESSION.starts_at,
    order: { id: 9, number: 1042, payment_status: 'paid', paid_at: '2026-05-20T10:00:00Z' },
    checked_in_at: null,
    ...overrides,
  };
}

export const checkedInReply = (at: string, already = false, ticket: CheckinTicket = serverTicket()) =>
  json({ success: true, ticket: { ...ticket, checked_in_at: at }, checked_in_at: at, already_checked_in: already });
