import { encodeMessage, type OrderBody } from '@bookla/shared';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import type { Bind } from '../../../lib/sql.ts';
import type { SaleItem } from '../../catalogue/tickets/index.ts';
import { addError, type Fields } from './checkout-cart.ts';

/**
 * Seats booked with a membership (CONTRACT §5, issue 24): a shop customer logged into the team's
 * shop names `membership_id` on a participant. Such a seat costs 0 and one credit of the
 * membership (a course ticket: one credit for the course; a drop-in date: one for the date). The
 * membership must be the customer's own, active and in its period, its address confirmed, its
 * subscription must cover the ticket's activity, and one booking may use it for at most the
 * tier's `seats_per_booking` seats. Checked here before any lock (422 per participant); the
 * credits themselves are taken with the order by a conditional UPDATE under the membership's row
 * lock (`takeCreditsSql`): never below zero, never twice, whatever the concurrency.
 */

export interface MemberContext {
  customerId: number;
  emailVerified: boolean;
}

export interface MemberSeats {
  /** Participant index → the membership it is booked with. */
  byParticipant: Map<number, number>;
  /** Ticket id → seats booked with a membership. */
  perTicket: Map<number, number>;
  /** Credits each membership gives (one per seat). */
  uses: { membershipId: number; n: number }[];
}

export const NO_MEMBER_SEATS: MemberSeats = { byParticipant: new Map(), perTicket: new Map(), uses: [] };

type Raw = Record<string, unknown>;
const rowsOf = (result: unknown): Raw[] => (result as { rows: Raw[] }).rows;

export async function checkMemberSeats(
  db: DbOrTx,
  teamId: number,
  items: readonly SaleItem[],
  /** The order's participants (the member quote's seats: ticket and membership only). */
  participants: readonly Pick<OrderBody['participants'][number], 'ticket_id' | 'membership_id'>[],
  member: MemberContext | null,
  f: Fields,
): Promise<MemberSeats> {
  const wanted = participants.flatMap((p, i) => (p.membership_id ? [{ i, id: p.membership_id, ticketId: p.ticket_id }] : []));
  if (!wanted.length) return NO_MEMBER_SEATS;
  const at = (i: number, key: string, params?: Record<string, unknown>) =>
    addError(
      f,
      `participants.${i}.membership_id`,
      params ? encodeMessage(`checkout:validation.${key}`, params) : `checkout:validation.${key}`,
    );
  if (!member) {
    for (const w of wanted) at(w.i, 'membership_login');
    return NO_MEMBER_SEATS;
  }
  const ids = [...new Set(wanted.map((w) => w.id))];
  const activityIds = [...new Set(items.map((i) => i.activityId))];
  const [found, activities] = await Promise.all([
    db.execute(sql`
      SELECT m.id, m.customer_id, m.status, m.current_period_end > now() AS in_period, m.credits_left,
        t.seats_per_booking, s.activity_ids, s.type_set_ids
      FROM memberships m JOIN subscription_tiers t ON t.id = m.tier_id JOIN subscriptions s ON s.id = m.subscription_id
      WHERE m.team_id = ${teamId} AND m.id IN (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`),
    db.execute(
      sql`SELECT id, type_set_id FROM activities WHERE team_id = ${teamId} AND id IN (${sql.join(
        activityIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    ),
  ]);
  const byId = new Map(rowsOf(found).map((r) => [Number(r.id), r]));
  const typeSetOf = new Map(rowsOf(activities).map((r) => [Number(r.id), Number(r.type_set_id)]));
  const activityOf = new Map(items.map((i) => [i.id, i.activityId]));
  const seats = new Map<number, number>();
  const result: MemberSeats = { byParticipant: new Map(), perTicket: new Map(), uses: [] };
  for (const w of wanted) {
    const m = byId.get(w.id);
    // Another customer's membership (or another team's) is not found, as elsewhere.
    if (!m || Number(m.customer_id) !== member.customerId) {
      at(w.i, 'membership_not_found');
      continue;
    }
    if (m.status !== 'active' || !m.in_period) {
      at(w.i, 'membership_inactive');
      continue;
    }
    if (!member.emailVerified) {
      at(w.i, 'membership_unconfirmed');
      continue;
    }
    const activityId = activityOf.get(w.ticketId);
    const covered = (m.activity_ids as number[]).map(Number);
    const coveredSets = (m.type_set_ids as number[]).map(Number);
    const coversAll = !covered.length && !coveredSets.length;
    if (activityId === undefined || !(coversAll || covered.includes(activityId) || coveredSets.includes(typeSetOf.get(activityId) ?? -1))) {
      at(w.i, 'membership_not_covered');
      continue;
    }
    const used = (seats.get(w.id) ?? 0) + 1;
    seats.set(w.id, used);
    if (used > Number(m.seats_per_booking)) {
      at(w.i, 'membership_seats', { max: Number(m.seats_per_booking) });
      continue;
    }
    if (m.credits_left !== null && used > Number(m.credits_left)) {
      at(w.i, 'membership_credits', { left: Number(m.credits_left) });
      continue;
    }
    result.byParticipant.set(w.i, w.id);
    result.perTicket.set(w.ticketId, (result.perTicket.get(w.ticketId) ?? 0) + 1);
  }
  result.uses = [...seats].map(([membershipId, n]) => ({ membershipId, n }));
  return result;
}

/**
 * The credits of an order's member seats, taken under each membership's row lock: the
 * customer's own, active and in its period, with credits left (or unlimited). RETURNING id: a
 * membership missing from the result gave nothing (the order is refused as a whole).
 */
export function takeCreditsSql(
  teamId: number | SQL,
  customerId: number | SQL,
  uses: readonly { membershipId: number | SQL; n: number | SQL }[],
): SQL {
  const values = sql.join(
    uses.map((u) => sql`(${u.membershipId}::int, ${u.n}::int)`),
    sql`, `,
  );
  return sql`UPDATE memberships m SET credits_left = CASE WHEN m.credits_left IS NULL THEN NULL ELSE m.credits_left - w.n END, updated_at = now()
    FROM (VALUES ${values}) AS w(id, n)
    WHERE m.team_id = ${teamId} AND m.id = w.id AND m.customer_id = ${customerId} AND m.status = 'active'
      AND m.current_period_end > now() AND (m.credits_left IS NULL OR m.credits_left >= w.n)
    RETURNING m.id`;
}

/** `takeCreditsSql` with every value bound (the one-statement checkout's shaped statement). */
export function boundCredits(teamId: number, customerId: number, uses: MemberSeats['uses']): (bind: Bind) => SQL {
  return (bind) =>
    takeCreditsSql(
      bind(teamId),
      bind(customerId),
      uses.map((u) => ({ membershipId: bind(u.membershipId), n: bind(u.n) })),
    );
}

/** The history of the credits an order used (one event per seat), written with the order. */
export async function recordCreditsUsed(db: DbOrTx, teamId: number, orderId: number): Promise<void> {
  await db.execute(sql`
    INSERT INTO membership_events (team_id, membership_id, kind, credits, order_id, participant_id)
    SELECT p.team_id, p.membership_id, 'credit_used', -1, p.order_id, p.id
    FROM order_participants p WHERE p.order_id = ${orderId} AND p.team_id = ${teamId} AND p.membership_id IS NOT NULL`);
}

/**
 * An order that ended (cancelled, expired, refunded in full) gives its member seats' credits
 * back: once per seat (a seat whose credit came back is skipped), unlimited memberships only get
 * the history entry.
 */
export async function returnCredits(db: DbOrTx, teamId: number, orderId: number): Promise<void> {
  await db.execute(sql`
    WITH back AS (
      SELECT p.id AS participant_id, p.membership_id FROM order_participants p
      WHERE p.order_id = ${orderId} AND p.team_id = ${teamId} AND p.membership_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM membership_events e WHERE e.participant_id = p.id AND e.kind = 'credit_returned')
    ), ev AS (
      INSERT INTO membership_events (team_id, membership_id, kind, credits, order_id, participant_id)
      SELECT ${teamId}, membership_id, 'credit_returned', 1, ${orderId}, participant_id FROM back
    )
    UPDATE memberships m SET credits_left = m.credits_left + x.n, updated_at = now()
    FROM (SELECT membership_id, count(*)::int AS n FROM back GROUP BY membership_id) x
    WHERE m.id = x.membership_id AND m.credits_left IS NOT NULL`);
}
