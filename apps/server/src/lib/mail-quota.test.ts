import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database, type DbOrTx } from '../db/client.ts';
import { emails, jobs } from '../db/schema/index.ts';
import { LIMITS } from '../plugins/rate-limit.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { MAIL_JOB, writeMail, type OutgoingMail } from './mailer.ts';
import { teamQuotaKey } from './mail-quota.ts';

/**
 * Mail quotas (issue 20 item 5): mails anonymous callers cause are limited per recipient address
 * and per team per hour, counted by the statement that writes the mail; past a quota the mail is
 * archived as `skipped` with no send job. On PostgreSQL also under concurrency, with a control.
 */

let t: TestApp;
const db = () => t.app.deps.db;
const config = () => t.app.deps.config;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const mail = (to: string, teamId: number | null, extra: Partial<OutgoingMail> = {}): OutgoingMail => ({
  to,
  subject: 'Hello',
  text: 'Hello',
  kind: 'waitinglist_joined',
  language: 'en',
  teamId,
  anonymous: true,
  ...extra,
});

async function statuses(where: DbOrTx, to: string) {
  const rows = await where.select({ status: emails.status }).from(emails).where(eq(emails.toAddress, to));
  return rows.map((r) => r.status);
}
const count = (list: string[], status: string) => list.filter((s) => s === status).length;

async function sendJobsFor(to: string): Promise<number> {
  const rows = await db()
    .select({ n: sql<number>`count(*)::int` })
    .from(jobs)
    .innerJoin(emails, sql`${emails.id} = (${jobs.payload}->>'emailId')::bigint`)
    .where(and(eq(jobs.type, MAIL_JOB), eq(emails.toAddress, to)));
  return Number(rows[0]!.n);
}

describe('mail quotas', () => {
  it('sends at most mailsPerRecipient mails an hour to one address (normalized); the rest are archived as skipped, unsent', async () => {
    const to = `quota-${++n}@example.com`;
    const limit = LIMITS.mailsPerRecipient.limit;
    for (let i = 0; i < limit + 3; i++) {
      // The same address in other spellings and from other teams counts as the same recipient.
      const spelled = i % 3 === 0 ? to : i % 3 === 1 ? ` ${to.toUpperCase()} ` : to;
      const written = await writeMail(db(), config(), mail(spelled, 9000 + (i % 2)));
      expect(written!.sendJob === null).toBe(i >= limit);
    }
    const all = [...(await statuses(db(), to)), ...(await statuses(db(), ` ${to.toUpperCase()} `))];
    expect(count(all, 'pending')).toBe(limit);
    expect(count(all, 'skipped')).toBe(3);
    expect(await sendJobsFor(to)).toBeGreaterThan(0);
  });

  it('leaves mails staff cause (not anonymous) alone', async () => {
    const to = `staff-${++n}@example.com`;
    for (let i = 0; i < LIMITS.mailsPerRecipient.limit + 2; i++) await writeMail(db(), config(), mail(to, 9000, { anonymous: false }));
    expect(count(await statuses(db(), to), 'skipped')).toBe(0);
  });

  it('caps a team at mailsPerTeam an hour; other teams and refused mails do not count against it', async () => {
    const teamId = 9100 + ++n;
    // The team's counter at its limit less one (writing 1,000 mails here would only be slow).
    await db().execute(
      sql`INSERT INTO mail_quotas (key, window_start, used) VALUES (${teamQuotaKey(teamId)}, date_trunc('hour', now()), ${LIMITS.mailsPerTeam.limit - 1})`,
    );
    const a = `team-a-${n}@example.com`;
    const b = `team-b-${n}@example.com`;
    await writeMail(db(), config(), mail(a, teamId));
    await writeMail(db(), config(), mail(b, teamId));
    await writeMail(db(), config(), mail(b, teamId + 1));
    expect(await statuses(db(), a)).toEqual(['pending']);
    expect((await statuses(db(), b)).sort()).toEqual(['pending', 'skipped']);
  });

  it('counts a new window afresh', async () => {
    const to = `window-${++n}@example.com`;
    for (let i = 0; i < LIMITS.mailsPerRecipient.limit; i++) await writeMail(db(), config(), mail(to, 9000));
    await db().execute(sql`UPDATE mail_quotas SET window_start = window_start - interval '1 hour' WHERE key LIKE 'to:%'`);
    const written = await writeMail(db(), config(), mail(to, 9000));
    expect(written!.sendJob).not.toBeNull();
  });

  it('counts nothing when the write’s own condition writes no mail', async () => {
    const to = `cond-${++n}@example.com`;
    for (let i = 0; i < LIMITS.mailsPerRecipient.limit + 5; i++)
      expect(await writeMail(db(), config(), mail(to, 9000), { onlyIf: sql`false` })).toBeUndefined();
    expect((await writeMail(db(), config(), mail(to, 9000)))!.sendJob).not.toBeNull();
  });
});

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('mail quotas under concurrency (PostgreSQL)', () => {
  let wide: Database;
  const PARALLEL = 30;
  beforeAll(async () => {
    const result = (await db().execute(sql`SELECT current_database() AS name`)) as unknown as { rows: { name: string }[] };
    const target = new URL(url!);
    target.pathname = `/${result.rows[0]!.name}`;
    wide = await openDatabase({ url: target.toString(), poolSize: PARALLEL });
    await Promise.all(Array.from({ length: PARALLEL }, () => wide.db.execute(sql`SELECT 1`)));
  }, 60_000);
  afterAll(() => wide?.close());

  it(`${PARALLEL} parallel mails to one address: exactly mailsPerRecipient are sent`, async () => {
    const to = `race-${++n}@example.com`;
    await Promise.all(Array.from({ length: PARALLEL }, () => writeMail(wide.db, config(), mail(to, 9200))));
    const all = await statuses(wide.db, to);
    expect(all).toHaveLength(PARALLEL);
    expect(count(all, 'pending')).toBe(LIMITS.mailsPerRecipient.limit);
  });

  it('control: counting the archive first and writing after (check-then-act) lets more through', async () => {
    const to = `race-control-${++n}@example.com`;
    const limit = LIMITS.mailsPerRecipient.limit;
    let over = 0;
    // Rounds of the naive variant until it demonstrably passes the limit (it usually does at once).
    for (let round = 0; round < 5 && over === 0; round++) {
      const address = `${round}-${to}`;
      await Promise.all(
        Array.from({ length: PARALLEL }, () =>
          wide.db.transaction(async (tx) => {
            const [row] = (
              (await tx.execute(
                sql`SELECT count(*)::int AS n FROM emails WHERE to_address = ${address} AND status = 'pending'`,
              )) as unknown as {
                rows: { n: number }[];
              }
            ).rows;
            await writeMail(
              tx,
              config(),
              mail(address, 9200, { anonymous: false, ...(row!.n >= limit ? { to: `dropped-${address}` } : {}) }),
            );
          }),
        ),
      );
      over = Math.max(0, count(await statuses(wide.db, address), 'pending') - limit);
    }
    expect(over).toBeGreaterThan(0);
  });
});
