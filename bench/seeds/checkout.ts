import { sql } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.ts';

/**
 * The checkout bench's data: one team with one published event, a future date, and two free
 * tickets — a "hot" one with stock for the whole run (orders/s on one ticket row: every buyer
 * queues on the same row lock, the worst case for a sale that opens) and one with 100 seats for
 * the 500-buyer burst. Free tickets (total 0) take the whole order path (seats, number, order,
 * items, participant, ticket code, event log, confirmation mail in the outbox) without a payment
 * provider in the way.
 */
async function one<T>(db: Db, query: string): Promise<T> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows[0]!;
}

export async function seedCheckout(db: Db): Promise<Record<string, string>> {
  const user = await one<{ id: number }>(
    db,
    `INSERT INTO users (email, firstname, lastname, salutation, password_hash, language, email_verified_at)
     VALUES ('bench-checkout@example.com', 'Bench', 'Seller', 'mr', 'x', 'de', now()) RETURNING id`,
  );
  const team = await one<{ id: number }>(
    db,
    `INSERT INTO teams (name, owner_id, phone_prefix, phone_number, currency, languages, time_zone, billing_address,
       billing_city, billing_postal_code, billing_country)
     VALUES ('Bench Checkout', ${user.id}, '+41', '441234567', 'CHF', '["de","en"]', 'Europe/Zurich', 'Weg 1', 'Zürich', '8001', 'CH')
     RETURNING id`,
  );
  const set = await one<{ id: number }>(
    db,
    `INSERT INTO type_sets (team_id, kind, name) VALUES (${team.id}, 'event', '{"de":"Event"}') RETURNING id`,
  );
  const activity = await one<{ id: number }>(
    db,
    `INSERT INTO activities (team_id, type_set_id, kind, status, name, published_at)
     VALUES (${team.id}, ${set.id}, 'event', 'published', '{"de":"Konzert","en":"Concert"}', now()) RETURNING id`,
  );
  await db.execute(
    sql.raw(`INSERT INTO activity_sessions (team_id, activity_id, starts_at, ends_at)
             VALUES (${team.id}, ${activity.id}, now() + interval '30 days', now() + interval '30 days 2 hours')`),
  );
  const ticket = (stock: number, name: string) =>
    one<{ id: number }>(
      db,
      `INSERT INTO tickets (team_id, activity_id, name, price_minor, currency, stock, max_per_order)
       VALUES (${team.id}, ${activity.id}, '{"de":"${name}"}', 0, 'CHF', ${stock}, 10) RETURNING id`,
    );
  const hot = await ticket(10_000_000, 'Stehplatz');
  const burst = await ticket(100, 'Sitzplatz');
  return { teamId: String(team.id), hotTicketId: String(hot.id), burstTicketId: String(burst.id) };
}
