import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { emails, jobs } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { startSmtp } from '../test/smtp.ts';
import { createJobRunner } from './jobs.ts';
import { queueMail } from './mailer.ts';

const open: TestApp[] = [];
afterAll(async () => {
  for (const t of open) await t.close();
});

const mail = {
  to: 'anna@example.com',
  subject: 'Willkommen',
  text: 'Hallo Anna',
  html: '<p>Hallo Anna</p>',
  kind: 'test',
  language: 'de' as const,
};

describe('mail outbox', () => {
  it('writes the mail to the archive first, then sends it over SMTP', async () => {
    const smtp = await startSmtp();
    const t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'noreply@bookla.test' } });
    open.push(t);
    const id = await queueMail(t.database.db, t.app.deps.config, mail);
    const [stored] = await t.database.db.select().from(emails).where(eq(emails.id, id));
    expect(stored?.status).toBe('pending');
    expect(smtp.mails).toHaveLength(0);

    expect(await t.app.deps.jobs.runDue()).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]!.to).toEqual(['anna@example.com']);
    expect(smtp.mails[0]!.from).toBe('noreply@bookla.test');
    expect(smtp.mails[0]!.raw).toContain('Subject: Willkommen');
    const [sent] = await t.database.db.select().from(emails).where(eq(emails.id, id));
    expect(sent?.status).toBe('sent');
    expect(sent?.sentAt).toBeInstanceOf(Date);
    // Running again sends nothing twice.
    expect(await t.app.deps.jobs.runDue()).toBe(0);
    expect(smtp.mails).toHaveLength(1);
    await smtp.close();
  });

  it('retries after an SMTP outage with backoff, and delivers once the server is back', async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close(); // nothing listens on this port now: an outage
    const t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    open.push(t);
    const id = await queueMail(t.database.db, t.app.deps.config, mail);

    await t.app.deps.jobs.runDue();
    const [failed] = await t.database.db.select().from(emails).where(eq(emails.id, id));
    expect(failed?.status).toBe('pending');
    expect(failed?.attempts).toBe(1);
    expect(failed?.lastError).toBeTruthy();
    const [job] = await t.database.db.select().from(jobs);
    expect(job?.status).toBe('queued');
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000); // backed off
    expect(await t.app.deps.jobs.runDue()).toBe(0); // not due yet

    const smtp = await startSmtp(port);
    await t.database.db.update(jobs).set({ runAt: new Date(Date.now() - 1) }); // time passes
    expect(await t.app.deps.jobs.runDue()).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    const [sent] = await t.database.db.select().from(emails).where(eq(emails.id, id));
    expect(sent?.status).toBe('sent');
    expect(sent?.attempts).toBe(2);
    await smtp.close();
  });

  it('keeps the mail in the archive when no SMTP_URL is set', async () => {
    const t = await buildTestApp();
    open.push(t);
    const id = await queueMail(t.database.db, t.app.deps.config, mail);
    await t.app.deps.jobs.runDue();
    const [kept] = await t.database.db.select().from(emails).where(eq(emails.id, id));
    expect(kept?.status).toBe('kept');
    expect(kept?.textBody).toBe('Hallo Anna');
  });

  it('marks a mail failed when its retries are exhausted', async () => {
    const probe = await startSmtp();
    await probe.close();
    const t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${probe.port}` } });
    open.push(t);
    const id = await queueMail(t.database.db, t.app.deps.config, mail);
    await t.database.db.update(jobs).set({ maxAttempts: 2 });
    await t.app.deps.jobs.runDue();
    await t.database.db.update(jobs).set({ runAt: new Date(Date.now() - 1) });
    await t.app.deps.jobs.runDue();
    const [row] = await t.database.db.select().from(emails).where(eq(emails.id, id));
    expect(row?.status).toBe('failed');
    const [job] = await t.database.db.select().from(jobs);
    expect(job?.status).toBe('failed');
  });
});

// Several instances polling one PostgreSQL: each job runs exactly once (PGlite has a single connection).
describe.runIf(!!process.env.DATABASE_URL)('job claiming across instances', () => {
  it('never runs a job twice when runners compete', async () => {
    const t = await buildTestApp();
    open.push(t);
    const ran: number[] = [];
    const runners = [0, 1, 2].map(() => {
      const r = createJobRunner(t.database.db, t.app.log);
      r.register('count', async (payload) => {
        await new Promise((res) => setTimeout(res, 2));
        ran.push(Number(payload.n));
      });
      return r;
    });
    for (let n = 0; n < 60; n++) await t.database.db.insert(jobs).values({ type: 'count', payload: { n } });
    await Promise.all(runners.map((r) => r.runDue(1000)));
    expect(ran.sort((a, b) => a - b)).toEqual([...Array(60).keys()]);
    const result = await t.database.db.execute(sql`select count(*)::int as open from jobs where status <> 'done'`);
    expect((result as unknown as { rows: { open: number }[] }).rows[0]?.open).toBe(0);
  });
});
