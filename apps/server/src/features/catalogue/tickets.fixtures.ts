import type { ActivityKind, ActivityStatus, Translated } from '@bookla/shared';
import type { Db } from '../../db/client.ts';
import { activities, activitySessions, ticketReservations, tickets, typeSets } from '../../db/schema/index.ts';

/** Catalogue rows for the tests of tickets, reservations, products and the public read model. */

export async function makeActivity(
  db: Db,
  teamId: number,
  opts: { kind?: ActivityKind; status?: ActivityStatus; name?: Translated; locationId?: number | null } = {},
) {
  const kind = opts.kind ?? 'course';
  const [set] = await db
    .insert(typeSets)
    .values({ teamId, kind, name: { de: kind === 'course' ? 'Kurs' : 'Event', en: kind === 'course' ? 'Course' : 'Event' } })
    .returning();
  const [row] = await db
    .insert(activities)
    .values({
      teamId,
      typeSetId: set!.id,
      kind,
      status: opts.status ?? 'published',
      name: opts.name ?? { de: 'Yoga am Morgen', en: 'Morning yoga' },
      locationId: opts.locationId ?? null,
    })
    .returning();
  return row!;
}

export async function makeSession(
  db: Db,
  teamId: number,
  activityId: number,
  startsAt: Date,
  opts: { status?: 'scheduled' | 'cancelled'; minutes?: number } = {},
) {
  const [row] = await db
    .insert(activitySessions)
    .values({
      teamId,
      activityId,
      startsAt,
      endsAt: new Date(startsAt.getTime() + (opts.minutes ?? 60) * 60_000),
      status: opts.status ?? 'scheduled',
    })
    .returning();
  return row!;
}

export async function makeTicket(db: Db, teamId: number, activityId: number, values: Partial<typeof tickets.$inferInsert> = {}) {
  const [row] = await db
    .insert(tickets)
    .values({ teamId, activityId, name: { de: 'Eintritt', en: 'Admission' }, priceMinor: 2500, currency: 'CHF', stock: 10, ...values })
    .returning();
  return row!;
}

/** A reservation that ends `minutes` from now (negative: already expired). */
export async function makeReservation(db: Db, teamId: number, ticketId: number, quantity: number, minutes: number, holder = 'test') {
  await db.insert(ticketReservations).values({ teamId, ticketId, quantity, holder, expiresAt: new Date(Date.now() + minutes * 60_000) });
}

export const inDays = (days: number, hour = 18) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(hour, 0, 0, 0);
  return d;
};
