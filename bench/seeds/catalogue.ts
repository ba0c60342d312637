import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../apps/server/src/db/client.ts';
import { hashPassword } from '../../apps/server/src/lib/passwords.ts';

/**
 * A large provider next to many small ones: one team with 5,000 activities, 100,000 sessions
 * (20 per activity, a quarter of them past), 2 tickets per activity (whole course + one drop-in),
 * live and expired reservations, two attributes with values, 10 locations; plus 50 other teams
 * with 20 activities each. Everything is inserted set-wise (INSERT … SELECT generate_series), then
 * VACUUMed and ANALYZEd, so seeding takes seconds, not minutes. Returns the owner's session cookie and ids.
 */
export const ACTIVITIES = 5000;
export const SESSIONS_PER_ACTIVITY = 20;
const OTHER_TEAMS = 50;
const OTHER_ACTIVITIES = 20;
const PASSWORD = 'bench-owner-password-1';

async function exec(db: Db, query: string) {
  await db.execute(sql.raw(query));
}

async function one<T>(db: Db, query: string): Promise<T> {
  const result = (await db.execute(sql.raw(query))) as unknown as { rows: T[] };
  return result.rows[0]!;
}

/** A team with its owner; `n` keeps names and e-mails unique. */
async function team(db: Db, n: string, hash: string): Promise<{ teamId: number; userId: number; email: string }> {
  const email = `bench-owner-${n}@example.com`;
  const user = await one<{ id: number }>(
    db,
    `INSERT INTO users (email, firstname, lastname, salutation, password_hash, language, email_verified_at)
     VALUES ('${email}', 'Bench', 'Owner ${n}', 'mr', '${hash}', 'de', now()) RETURNING id`,
  );
  const t = await one<{ id: number }>(
    db,
    `INSERT INTO teams (name, owner_id, phone_prefix, phone_number, currency, languages, time_zone, billing_address,
       billing_city, billing_postal_code, billing_country)
     VALUES ('Bench Team ${n}', ${user.id}, '+41', '441234567', 'CHF', '["de","en"]', 'Europe/Zurich', 'Weg 1', 'Zürich', '8001', 'CH')
     RETURNING id`,
  );
  await exec(db, `INSERT INTO team_members (team_id, user_id, role) VALUES (${t.id}, ${user.id}, 'owner')`);
  await exec(db, `UPDATE users SET current_team_id = ${t.id} WHERE id = ${user.id}`);
  await exec(
    db,
    `INSERT INTO type_sets (team_id, name, kind, sort) VALUES
       (${t.id}, '{"de":"Kurs","en":"Course"}', 'course', 1), (${t.id}, '{"de":"Event","en":"Event"}', 'event', 2)`,
  );
  await exec(
    db,
    `INSERT INTO locations (team_id, name, postal_code, city, country)
     SELECT ${t.id}, jsonb_build_object('de', 'Ort ' || g, 'en', 'Place ' || g), '800' || (g % 10), 'Zürich', 'CH'
     FROM generate_series(1, 10) g`,
  );
  return { teamId: t.id, userId: user.id, email };
}

/** Activities, sessions, tickets, reservations and attribute values for a team. */
async function catalogue(db: Db, teamId: number, activities: number, sessionsEach: number) {
  // A way to pay: the shop lists a priced ticket only when its checkout could take the money
  // (issue 22 item 2). Test mode, as a provider trying the shop out has it.
  await exec(
    db,
    `INSERT INTO team_selling_settings (team_id, test_mode_enabled) VALUES (${teamId}, true) ON CONFLICT (team_id) DO UPDATE SET test_mode_enabled = true`,
  );
  await exec(
    db,
    `INSERT INTO activities (team_id, type_set_id, kind, name, description, status, location_id, header_image_path, created_at)
     SELECT ${teamId}, ts.id, ts.kind,
            jsonb_build_object('de', 'Kurs ' || g, 'en', 'Course ' || g),
            jsonb_build_object('de', repeat('Beschreibung ', 20)),
            CASE WHEN g % 10 = 0 THEN 'draft' ELSE 'published' END,
            (SELECT min(id) FROM locations l WHERE l.team_id = ${teamId}) + g % 10,
            CASE WHEN g % 3 = 0 THEN 'bench' || g ELSE NULL END,
            now() - make_interval(mins => g)
     FROM generate_series(1, ${activities}) g
     JOIN type_sets ts ON ts.team_id = ${teamId} AND ts.sort = 1 + g % 2`,
  );
  await exec(
    db,
    `INSERT INTO activity_sessions (team_id, activity_id, starts_at, ends_at, status)
     SELECT ${teamId}, a.id, s.starts_at, s.starts_at + interval '90 minutes', CASE WHEN g % 17 = 0 THEN 'cancelled' ELSE 'scheduled' END
     FROM activities a
     CROSS JOIN generate_series(1, ${sessionsEach}) g
     CROSS JOIN LATERAL (SELECT date_trunc('hour', now()) + make_interval(days => (g - ${Math.ceil(sessionsEach / 4)}) * 7 + a.id % 7, hours => a.id % 12) AS starts_at) s
     WHERE a.team_id = ${teamId}`,
  );
  await exec(
    db,
    `INSERT INTO tickets (team_id, activity_id, session_id, name, price_minor, currency, stock, sold, tax_rate_bp, sort)
     SELECT ${teamId}, a.id, NULL, '{"de":"Ganzer Kurs","en":"Whole course"}'::jsonb, 12000 + a.id % 100 * 5, 'CHF', 20, a.id % 15, 810, 1
     FROM activities a WHERE a.team_id = ${teamId}
     UNION ALL
     SELECT ${teamId}, a.id, (SELECT s.id FROM activity_sessions s WHERE s.activity_id = a.id AND s.starts_at > now() ORDER BY s.starts_at LIMIT 1),
            '{"de":"Einzeltermin","en":"Drop-in"}'::jsonb, 2500, 'CHF', 5, 0, 810, 2
     FROM activities a WHERE a.team_id = ${teamId}`,
  );
  await exec(
    db,
    `INSERT INTO ticket_reservations (team_id, ticket_id, quantity, holder, expires_at)
     SELECT ${teamId}, t.id, 1 + t.id % 2, 'bench-' || t.id || '-' || g, now() + make_interval(mins => CASE WHEN g = 1 THEN -30 ELSE 30 END)
     FROM tickets t CROSS JOIN generate_series(1, 2) g
     WHERE t.team_id = ${teamId} AND t.id % 4 = 0`,
  );
  const level = await one<{ id: number }>(
    db,
    `INSERT INTO attributes (team_id, type, label, options, filterable) VALUES (${teamId}, 'select', '{"de":"Niveau","en":"Level"}',
       '[{"value":"easy","label":{"de":"Leicht","en":"Easy"}},{"value":"hard","label":{"de":"Schwer","en":"Hard"}}]', true) RETURNING id`,
  );
  const note = await one<{ id: number }>(
    db,
    `INSERT INTO attributes (team_id, type, label) VALUES (${teamId}, 'text', '{"de":"Hinweis","en":"Note"}') RETURNING id`,
  );
  await exec(
    db,
    `INSERT INTO activity_attribute_values (team_id, activity_id, attribute_id, value)
     SELECT ${teamId}, a.id, ${level.id}, to_jsonb(CASE WHEN a.id % 2 = 0 THEN 'easy' ELSE 'hard' END) FROM activities a WHERE a.team_id = ${teamId}
     UNION ALL
     SELECT ${teamId}, a.id, ${note.id}, to_jsonb('Matte mitbringen'::text) FROM activities a WHERE a.team_id = ${teamId}`,
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

export async function seedCatalogue(db: Db): Promise<{ teamId: number; email: string }> {
  const hash = await hashPassword(PASSWORD);
  const main = await team(db, 'main', hash);
  await catalogue(db, main.teamId, ACTIVITIES, SESSIONS_PER_ACTIVITY);
  for (let i = 1; i <= OTHER_TEAMS; i++) {
    const other = await team(db, `other-${i}`, hash);
    await catalogue(db, other.teamId, OTHER_ACTIVITIES, 5);
  }
  // VACUUM too: a production table this size has long been vacuumed (visibility map set, so index-only
  // scans need no heap visits), and autovacuum must not start on the fresh rows during the measurement.
  await exec(db, 'VACUUM ANALYZE');
  return { teamId: main.teamId, email: main.email };
}

/** Values the benchmark paths and headers name as {teamId}, {cookie}, {deepPage}. */
export async function catalogueVars(app: FastifyInstance, seeded: { teamId: number; email: string }): Promise<Record<string, string>> {
  return {
    teamId: String(seeded.teamId),
    cookie: await login(app, seeded.email),
    deepPage: String(Math.floor(ACTIVITIES / 25 / 2)),
  };
}
