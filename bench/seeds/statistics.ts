import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../apps/server/src/db/client.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';

/**
 * The statistics bench's data: one provider with 100,000 orders over the last 365 days (about
 * 8,200 a month) in every payment status, each with its item, one participant per seat, a product
 * on every third order and a discount on every tenth; plus 10 other teams with 2,000 orders each,
 * so every figure has to pick its team out of the table. Inserted set-wise (INSERT … SELECT
 * generate_series), then VACUUMed and ANALYZEd like a long-running database.
 */
export const STATISTICS_ORDERS = 100_000;
const OTHER_TEAMS = 10;
const OTHER_ORDERS = 2_000;
const DAYS = 365;
const ACTIVITIES = 40;
const PASSWORD = 'bench-statistics-password-1';

async function exec(db: Db, query: string) {
  await db.execute(sql.raw(query));
}

async function one<T>(db: Db, query: string): Promise<T> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows[0]!;
}

async function team(db: Db, n: string, hash: string): Promise<{ teamId: number; email: string }> {
  const email = `bench-stats-${n}@example.com`;
  const user = await one<{ id: number }>(
    db,
    `INSERT INTO users (email, firstname, lastname, salutation, password_hash, language, email_verified_at)
     VALUES ('${email}', 'Bench', 'Stats ${n}', 'mr', '${hash}', 'de', now()) RETURNING id`,
  );
  const t = await one<{ id: number }>(
    db,
    `INSERT INTO teams (name, owner_id, phone_prefix, phone_number, currency, languages, time_zone, billing_address,
       billing_city, billing_postal_code, billing_country)
     VALUES ('Bench Stats ${n}', ${user.id}, '+41', '441234567', 'CHF', '["de","en"]', 'Europe/Zurich', 'Weg 1', 'Zürich', '8001', 'CH')
     RETURNING id`,
  );
  await exec(db, `INSERT INTO team_members (team_id, user_id, role) VALUES (${t.id}, ${user.id}, 'owner')`);
  await exec(db, `UPDATE users SET current_team_id = ${t.id} WHERE id = ${user.id}`);
  return { teamId: t.id, email };
}

/**
 * A team's catalogue (activities, two tickets each, products, discount codes) and `orders` orders
 * spread evenly over the last `DAYS` days. Order g's shape follows from g: status from g·7919 mod
 * 100 (62 % paid, 8 % free, 6 % partially refunded, 4 % refunded, 8 % waiting, the rest ended
 * unpaid), 1–3 seats, a product when g mod 3 = 0, a discount when g mod 10 = 0.
 */
async function sales(db: Db, teamId: number, orders: number) {
  await exec(db, `INSERT INTO type_sets (team_id, name, kind, sort) VALUES (${teamId}, '{"de":"Kurs","en":"Course"}', 'course', 1)`);
  await exec(
    db,
    `INSERT INTO activities (team_id, type_set_id, kind, name, status, created_at)
     SELECT ${teamId}, ts.id, 'course', jsonb_build_object('de', 'Kurs ' || g, 'en', 'Course ' || g), 'published', now() - make_interval(days => 400 - g)
     FROM generate_series(1, ${ACTIVITIES}) g JOIN type_sets ts ON ts.team_id = ${teamId}`,
  );
  await exec(
    db,
    `INSERT INTO tickets (team_id, activity_id, name, price_minor, currency, stock, sold, tax_rate_bp, sort)
     SELECT ${teamId}, a.id, jsonb_build_object('de', CASE WHEN k = 1 THEN 'Erwachsene' ELSE 'Kinder' END), 2000 + a.id % 20 * 250 - (k - 1) * 1000,
            'CHF', 1000000, 0, 810, k
     FROM activities a CROSS JOIN generate_series(1, 2) k WHERE a.team_id = ${teamId}`,
  );
  await exec(
    db,
    `INSERT INTO products (team_id, name, price_minor, currency, tax_rate_bp, sort)
     SELECT ${teamId}, jsonb_build_object('de', 'Produkt ' || g), 500 * g, 'CHF', 810, g FROM generate_series(1, 5) g`,
  );
  await exec(
    db,
    `INSERT INTO discounts (team_id, code, type, value, used_count)
     SELECT ${teamId}, 'BENCH' || g, 'percent', 1000 * g, 0 FROM generate_series(1, 3) g`,
  );
  // Seats, prices and totals per order number; the items and products below use the same formulas.
  await exec(
    db,
    `INSERT INTO orders (team_id, number, firstname, lastname, email, language, currency, payment_type, payment_status, paid_at,
       subtotal_minor, discount_id, discount_code, discount_total_minor, tax_total_minor, total_minor, refunded_minor,
       platform_fee_minor, created_at, updated_at)
     SELECT ${teamId}, g, 'Kunde', 'Nr ' || g, 'kunde' || g || '@example.com', 'de', 'CHF',
            CASE WHEN s.status = 'free' THEN 'free' WHEN g % 2 = 0 THEN 'invoice' ELSE 'stripe' END,
            s.status,
            CASE WHEN s.status IN ('paid', 'partially-refunded', 'refunded') THEN x.created + interval '1 hour' END,
            m.subtotal, d.id, d.code, m.discount, (m.subtotal - m.discount) * 810 / 10810, m.subtotal - m.discount,
            CASE s.status WHEN 'refunded' THEN m.subtotal - m.discount WHEN 'partially-refunded' THEN (m.subtotal - m.discount) / 4 ELSE 0 END,
            CASE WHEN m.subtotal - m.discount > 0 THEN (m.subtotal - m.discount) * 790 / 10000 + 49 ELSE 0 END,
            x.created, x.created
     FROM generate_series(1, ${orders}) g
     CROSS JOIN LATERAL (SELECT now() - make_interval(secs => g::float8 * ${DAYS * 86400} / ${orders}) AS created, (g * 7919) % 100 AS r) x
     CROSS JOIN LATERAL (SELECT CASE WHEN x.r < 62 THEN 'paid' WHEN x.r < 70 THEN 'free' WHEN x.r < 76 THEN 'partially-refunded'
                                     WHEN x.r < 80 THEN 'refunded' WHEN x.r < 88 THEN 'waiting' WHEN x.r < 94 THEN 'expired'
                                     WHEN x.r < 97 THEN 'cancelled' ELSE 'declined' END AS status) s
     CROSS JOIN LATERAL (SELECT CASE WHEN s.status = 'free' THEN 0 ELSE 2000 * (1 + g % 3) + CASE WHEN g % 3 = 0 THEN 1000 ELSE 0 END END AS subtotal) p
     CROSS JOIN LATERAL (SELECT p.subtotal, CASE WHEN g % 10 = 0 THEN p.subtotal / 10 ELSE 0 END AS discount) m
     LEFT JOIN discounts d ON d.team_id = ${teamId} AND g % 10 = 0 AND d.code = 'BENCH' || (1 + g / 10 % 3)`,
  );
  await exec(db, `INSERT INTO order_number_counters (team_id, last_number) VALUES (${teamId}, ${orders})`);
  await exec(
    db,
    `INSERT INTO order_items (team_id, order_id, ticket_id, activity_id, activity_name, ticket_name, unit_price_minor, quantity,
       total_minor, tax_rate_bp, tax_minor)
     SELECT ${teamId}, o.id, t.id, t.activity_id, a.name, t.name, CASE WHEN o.total_minor = 0 THEN 0 ELSE 2000 END, 1 + o.number % 3,
            CASE WHEN o.total_minor = 0 THEN 0 ELSE 2000 * (1 + o.number % 3) END, 810, 0
     FROM orders o
     CROSS JOIN (SELECT array_agg(id ORDER BY id) AS ids FROM tickets WHERE team_id = ${teamId}) k
     JOIN tickets t ON t.id = k.ids[1 + o.number % array_length(k.ids, 1)]
     JOIN activities a ON a.id = t.activity_id
     WHERE o.team_id = ${teamId}`,
  );
  await exec(
    db,
    `INSERT INTO order_participants (team_id, order_id, order_item_id, firstname, lastname, ticket_code, sort)
     SELECT ${teamId}, i.order_id, i.id, 'Teilnehmer', 'Nr ' || n, 'bench-' || i.id || '-' || n, n
     FROM order_items i CROSS JOIN LATERAL generate_series(1, i.quantity) n
     WHERE i.team_id = ${teamId}`,
  );
  await exec(
    db,
    `INSERT INTO order_products (team_id, order_id, product_id, name, unit_price_minor, quantity, total_minor)
     SELECT ${teamId}, o.id, pr.id, pr.name, 1000, 1, CASE WHEN o.total_minor = 0 THEN 0 ELSE 1000 END
     FROM orders o JOIN products pr ON pr.team_id = ${teamId} AND pr.sort = 1 + o.number % 5
     WHERE o.team_id = ${teamId} AND o.number % 3 = 0`,
  );
}

/** Logs the owner in through the real routes (CSRF, session) and returns the Cookie header. */
async function login(app: FastifyInstance, email: string): Promise<string> {
  const jar = new Map<string, string>();
  const absorb = (res: { cookies: { name: string; value: string }[] }) => {
    for (const c of res.cookies) jar.set(c.name, c.value);
  };
  const header = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  absorb(await app.inject({ method: 'GET', url: '/sanctum/csrf-cookie' }));
  const res = await app.inject({
    method: 'POST',
    url: '/api/srl/login',
    payload: { email, password: PASSWORD },
    headers: { cookie: header(), 'x-xsrf-token': decodeURIComponent(jar.get('XSRF-TOKEN') ?? '') },
  });
  if (res.statusCode !== 200) throw new Error(`bench login failed: ${res.statusCode} ${res.body}`);
  absorb(res);
  return header();
}

export async function seedStatistics(db: Db): Promise<{ teamId: number; email: string }> {
  const hash = await hashPassword(PASSWORD);
  const main = await team(db, 'main', hash);
  await sales(db, main.teamId, STATISTICS_ORDERS);
  for (let i = 1; i <= OTHER_TEAMS; i++) {
    const other = await team(db, `other-${i}`, hash);
    await sales(db, other.teamId, OTHER_ORDERS);
  }
  // A table this size has long been vacuumed in production (visibility map set: index-only scans
  // need no heap visits), and autovacuum must not start on the fresh rows during the measurement.
  await exec(db, 'VACUUM ANALYZE');
  return { teamId: main.teamId, email: main.email };
}

/** Values the benchmark paths and headers name as {teamId}, {cookie}. */
export async function statisticsVars(app: FastifyInstance, seeded: { teamId: number; email: string }): Promise<Record<string, string>> {
  return { teamId: String(seeded.teamId), cookie: await login(app, seeded.email) };
}
