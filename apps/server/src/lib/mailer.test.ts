import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { activities, emails, jobs, teamSellingSettings, tickets } from '../db/schema/index.ts';
import { queueOrderMail } from '../features/selling/documents/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../test/build-test-app.ts';
import { makeActivity, makeSession, makeTicket, inDays, owner } from '../test/factories.ts';
import { makeOrder } from '../test/selling-factories.ts';
import { startSmtp } from '../test/smtp.ts';
import { createJobRunner, enqueueJob } from './jobs.ts';
import { renderMail } from './mail-layout.ts';
import { createTransport, MAIL_JOB, noSmtpNotice, queueMail, registerMailJob, type AttachmentRenderer } from './mailer.ts';

const open: TestApp[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const t of open) await t.close();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** A DATA_DIR of the test's own (never the repository's ./data). */
function tempDataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'bookla-mail-'));
  dirs.push(dir);
  return dir;
}

/** Quoted-printable → text (RFC 2045: soft line breaks, =XX bytes in UTF-8). */
function decodeQuotedPrintable(body: string): string {
  const s = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < s.length; i++) {
    const hex = s.slice(i + 1, i + 3);
    if (s[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(s[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The text/plain (or text/html) part of an RFC 822 message, decoded (quoted-printable, base64 or 7bit). */
function textPart(raw: string, type: 'text/plain' | 'text/html' = 'text/plain'): string {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!);
  const parts = boundaries.length ? boundaries.flatMap((b) => raw.split(`--${b}`)) : [raw];
  // The part whose own head (not a nested one's) names the type.
  const part = parts.find((p) => {
    const split = /\r?\n\r?\n/.exec(p.replace(/^\r?\n/, ''));
    return split !== null && new RegExp(`^Content-Type: ${type}`, 'im').test(p.replace(/^\r?\n/, '').slice(0, split.index));
  });
  if (!part) throw new Error(`no ${type} part`);
  const split = /\r?\n\r?\n/.exec(part)!;
  const head = part.slice(0, split.index);
  // The line break before a boundary belongs to the boundary (RFC 2046).
  const body = part.slice(split.index + split[0].length).replace(/\r?\n$/, '');
  const encoding = /^Content-Transfer-Encoding:\s*(\S+)/im.exec(head)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  return body;
}

/** The attachments of an RFC 822 message: file name, type and decoded content. */
function attachmentsOf(raw: string): { filename: string; type: string; content: Buffer }[] {
  const out: { filename: string; type: string; content: Buffer }[] = [];
  for (const boundary of [...raw.matchAll(/boundary="?([^";\r\n]+)"?/gi)].map((m) => m[1]!)) {
    for (const part of raw.split(`--${boundary}`)) {
      const split = /\r?\n\r?\n/.exec(part);
      if (!split) continue;
      const head = part.slice(0, split.index);
      if (!/^Content-Disposition:\s*attachment/im.test(head)) continue;
      const filename = /filename="?([^";\r\n]+)"?/i.exec(head)?.[1] ?? '';
      const type = /^Content-Type:\s*([^;\r\n]+)/im.exec(head)?.[1] ?? '';
      const body = part.slice(split.index + split[0].length);
      out.push({ filename, type, content: Buffer.from(body.replace(/\s+/g, ''), 'base64') });
    }
  }
  return out;
}

const pages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type \/Page(?![s\w])/g) ?? []).length;

/** A paid order of a new team with two participants. */
async function paidOrder(t: TestApp) {
  const db = t.database.db;
  const { team, user } = await owner(t.app, { teamName: `Yoga "Sonne" ${Date.now()}` });
  const activity = await makeActivity(db, team.id);
  await makeSession(db, team.id, activity.id, inDays(5));
  const ticket = await makeTicket(db, team.id, activity.id, { priceMinor: 3000, taxRateBp: 810 });
  const made = await makeOrder(db, team.id, {
    ticketId: ticket.id,
    paymentStatus: 'paid',
    paymentType: 'stripe',
    participants: [
      { firstname: 'Lea', lastname: 'Keller' },
      { firstname: 'Marc', lastname: 'Frei' },
    ],
  });
  return { team, owner: user, ticketId: ticket.id, order: made.order };
}

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

  it('keeps the mail in the archive when no SMTP_URL is set, and writes it as an .eml file', async () => {
    const dataDir = tempDataDir();
    const t = await buildTestApp({ config: { dataDir, mailFrom: 'noreply@bookla.test' } });
    open.push(t);
    const id = await queueMail(t.database.db, t.app.deps.config, { ...mail, text: 'Grüezi Anna, schön, dass Sie da sind.' });
    await t.app.deps.jobs.runDue();
    const [kept] = await t.database.db.select().from(emails).where(eq(emails.id, id));
    expect(kept?.status).toBe('kept');
    expect(kept?.textBody).toBe('Grüezi Anna, schön, dass Sie da sind.');
    const files = readdirSync(join(dataDir, 'mail'));
    // Time, mail id and kind; no address in the name.
    expect(files).toEqual([expect.stringMatching(new RegExp(`^\\d{4}-\\d\\d-\\d\\dT[\\d-]+Z-${id}-test\\.eml$`))]);
    const raw = readFileSync(join(dataDir, 'mail', files[0]!), 'utf8');
    expect(raw).toMatch(/^From: "?Bookla"? <noreply@bookla\.test>\r$/m);
    expect(raw).toMatch(/^To: anna@example\.com\r$/m);
    expect(raw).toMatch(/^Subject: Willkommen\r$/m);
    expect(raw).toMatch(/^Content-Type: text\/html/m);
    expect(textPart(raw)).toBe('Grüezi Anna, schön, dass Sie da sind.');
    // Written once: a second run neither sends nor writes again.
    expect(await t.app.deps.jobs.runDue()).toBe(0);
    expect(readdirSync(join(dataDir, 'mail'))).toHaveLength(1);
  });

  it('says in the start banner where the mails are written without SMTP_URL', () => {
    expect(noSmtpNotice({ dataDir: '/srv/bookla/data', smtpUrl: undefined }, '/srv/bookla')).toBe(
      'no SMTP configured: mails are written to ./data/mail',
    );
    expect(noSmtpNotice({ dataDir: '/var/lib/bookla', smtpUrl: undefined }, '/srv/bookla')).toBe(
      'no SMTP configured: mails are written to /var/lib/bookla/mail',
    );
    expect(noSmtpNotice({ dataDir: '/srv/bookla/data', smtpUrl: 'smtp://mail.example.com' }, '/srv/bookla')).toBeUndefined();
  });

  it('without SMTP_URL a new provider opens the .eml file, follows the link and logs in', async () => {
    const dataDir = tempDataDir();
    const lines: string[] = [];
    const logStream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const t = await buildTestApp({ config: { dataDir, logLevel: 'info' }, logStream });
    open.push(t);
    const client = new TestClient(t.app);
    const email = 'lea.first@example.com';
    const password = 'Sonnenblume-42';
    const registered = await client.post('/api/srl/register?language=en', {
      user: {
        salutation: 'mrs',
        firstname: 'Léa',
        lastname: 'Première',
        email,
        password,
        password_confirm: password,
        agb: true,
        newsletter: false,
        referral_id: 'search',
      },
      team: {
        name: 'Atelier Première',
        phone_prefix: '+41',
        phone_number: '44 123 45 67',
        currency: 'CHF',
        languages: ['fr', 'de'],
        time_zone: 'Europe/Zurich',
        billing_address: 'Rue du Lac 1',
        billing_city: 'Genève',
        billing_postal_code: '1201',
        billing_country: 'CH',
        vat_id: '',
      },
    });
    expect(registered.statusCode).toBe(200);
    const blocked = await client.post('/api/srl/login', { email, password });
    expect(blocked.json()).toMatchObject({ success: false, need_verification: true });

    // The mail job, as the running server does it.
    expect(await t.app.deps.jobs.runDue()).toBe(1);
    const mailDir = join(dataDir, 'mail');
    const [file, ...more] = readdirSync(mailDir);
    expect(more).toEqual([]);
    expect(file).toMatch(/-verify_email\.eml$/);
    const raw = readFileSync(join(mailDir, file!), 'utf8');
    expect(raw).toMatch(/^To: lea\.first@example\.com\r$/m);
    const link = /(http:\/\/localhost:3000\/api\/srl\/email\/verify\/\S+)/.exec(textPart(raw))?.[1];
    expect(link).toMatch(/\/api\/srl\/email\/verify\/\d+\/[A-Za-z0-9_-]{43}\?expires=\d+&signature=[A-Za-z0-9_-]+$/);

    const followed = await client.get(link!.replace('http://localhost:3000', ''));
    expect(followed.statusCode).toBe(302);
    expect(followed.headers.location).toBe('/en/login/verified');
    const loggedIn = await client.post('/api/srl/login', { email, password });
    expect(loggedIn.statusCode).toBe(200);
    expect(loggedIn.json()).toMatchObject({ success: true });
    expect((await client.get('/api/srl/user')).json().user.email).toBe(email);

    // Still in the email archive.
    const [archived] = await t.database.db.select().from(emails).where(eq(emails.toAddress, email));
    expect(archived).toMatchObject({ kind: 'verify_email', status: 'kept' });
    // The log names the file, never the content, the address or the link.
    const log = lines.join('');
    expect(log).toContain(JSON.stringify(join(mailDir, file!)));
    const token = new URL(link!).pathname.split('/').pop()!;
    for (const secret of [email, token, new URL(link!).searchParams.get('signature')!, 'Léa']) expect(log).not.toContain(secret);
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

describe('mail attachments', () => {
  it('renders the order PDFs when the mail is sent and delivers them over SMTP', async () => {
    const smtp = await startSmtp();
    const t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'noreply@bookla.test' } });
    open.push(t);
    const { team, order } = await paidOrder(t);
    const id = await queueOrderMail(t.database.db, t.app.deps.config, team.id, order.id, 'paid');
    const [stored] = await t.database.db.select().from(emails).where(eq(emails.id, id!));
    // Stored as specs, rendered only when sent.
    expect(stored?.attachments).toEqual([
      { kind: 'tickets', orderId: order.id },
      { kind: 'receipt', orderId: order.id },
      // The booking's dates for the customer's calendar (features/selling/calendar).
      { kind: 'calendar', orderId: order.id },
    ]);
    expect(await t.app.deps.jobs.runDue()).toBe(1);
    expect(smtp.mails).toHaveLength(1);
    const raw = smtp.mails[0]!.raw;
    // The team as display name, quotes escaped; the address stays MAIL_FROM.
    expect(raw).toContain(`From: "${team.name.replace(/"/g, '\\"')} via Bookla" <noreply@bookla.test>`);
    const files = attachmentsOf(raw);
    expect(files.map((f) => [f.filename, f.type])).toEqual([
      [`tickets-${order.number}.pdf`, 'application/pdf'],
      [`receipt-${order.number}.pdf`, 'application/pdf'],
      [`booking-${order.number}.ics`, 'text/calendar'],
    ]);
    for (const f of files.slice(0, 2)) expect(f.content.subarray(0, 5).toString()).toBe('%PDF-');
    expect(files[2]!.content.toString('utf8')).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(pages(files[0]!.content)).toBe(2); // one page per participant
    const [sent] = await t.database.db.select().from(emails).where(eq(emails.id, id!));
    expect(sent?.status).toBe('sent');
    await smtp.close();
  });

  it('writes the attachments into the .eml file without SMTP_URL', async () => {
    const dataDir = tempDataDir();
    const t = await buildTestApp({ config: { dataDir } });
    open.push(t);
    const { team, order } = await paidOrder(t);
    const id = await queueOrderMail(t.database.db, t.app.deps.config, team.id, order.id, 'paid');
    await t.app.deps.jobs.runDue();
    const [kept] = await t.database.db.select().from(emails).where(eq(emails.id, id!));
    expect(kept?.status).toBe('kept');
    const files = readdirSync(join(dataDir, 'mail'));
    expect(files).toHaveLength(1);
    const raw = readFileSync(join(dataDir, 'mail', files[0]!), 'utf8');
    const attached = attachmentsOf(raw);
    expect(attached.map((f) => f.filename)).toEqual([
      `tickets-${order.number}.pdf`,
      `receipt-${order.number}.pdf`,
      `booking-${order.number}.ics`,
    ]);
    expect(pages(attached[0]!.content)).toBe(2);
    // Quoted-printable soft line breaks (`=` at a line end) may fall anywhere in a line.
    expect(textPart(raw).replace(/=\r\n/g, '')).toContain('Lea Keller, Marc Frei');
  });

  it('retries a mail whose attachment cannot be rendered, and never sends it without', async () => {
    const smtp = await startSmtp();
    const t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } });
    open.push(t);
    const { team } = await paidOrder(t);
    // The app's renderers: an order that cannot be found fails the attempt.
    const id = await queueMail(t.database.db, t.app.deps.config, {
      ...mail,
      teamId: team.id,
      attachments: [{ kind: 'tickets', orderId: 987_654 }],
    });
    await t.app.deps.jobs.runDue();
    expect(smtp.mails).toHaveLength(0);
    const [row] = await t.database.db.select().from(emails).where(eq(emails.id, id));
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row?.lastError).toContain('987654');
    const [job] = await t.database.db.select().from(jobs);
    expect(job?.status).toBe('queued');
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 20_000);
    await smtp.close();
  });

  it('sends once the renderer succeeds, and leaves out what a renderer declines', async () => {
    const smtp = await startSmtp();
    const t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } });
    open.push(t);
    const db = t.database.db;
    // A runner of its own with renderers of the test's: the first attempt fails.
    let calls = 0;
    const tickets: AttachmentRenderer = async (spec) => {
      calls++;
      if (calls === 1) throw new Error('renderer down');
      return { filename: `t-${spec.orderId}.pdf`, content: Buffer.from('%PDF-1.3 test'), contentType: 'application/pdf' };
    };
    const receipt: AttachmentRenderer = async () => null;
    const runner = createJobRunner(db, t.app.log);
    const transport = createTransport(`smtp://127.0.0.1:${smtp.port}`);
    registerMailJob(runner, db, transport, t.app.log, {
      mailDir: tempDataDir(),
      attachments: { tickets, receipt },
      config: t.app.deps.config,
    });
    const id = await queueMail(db, t.app.deps.config, {
      ...mail,
      attachments: [
        { kind: 'tickets', orderId: 7 },
        { kind: 'receipt', orderId: 7 },
      ],
    });
    await runner.runDue();
    expect(smtp.mails).toHaveLength(0);
    expect((await db.select().from(emails).where(eq(emails.id, id)))[0]).toMatchObject({ status: 'pending', lastError: 'renderer down' });
    await db
      .update(jobs)
      .set({ runAt: new Date(Date.now() - 1) })
      .where(eq(jobs.type, MAIL_JOB));
    await runner.runDue();
    expect(smtp.mails).toHaveLength(1);
    expect(attachmentsOf(smtp.mails[0]!.raw).map((f) => [f.filename, f.content.toString()])).toEqual([['t-7.pdf', '%PDF-1.3 test']]);
    expect((await db.select().from(emails).where(eq(emails.id, id)))[0]).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    transport?.close();
    await smtp.close();
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

describe('team mails: Reply-To and title (issue 22 item 17)', () => {
  /** The subject as the layout escapes it into the HTML. */
  const escaped = (subject: string) => subject.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const header = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(raw.split(/\r?\n\r?\n/)[0]!)?.[1];

  it("answers the mails sent in a team's name (order, waiting list) to the team, the platform's own to nobody; every HTML mail carries its subject as title", async () => {
    const smtp = await startSmtp();
    const t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}`, mailFrom: 'noreply@bookla.test' } });
    open.push(t);
    const db = t.database.db;
    const { team, owner: teamOwner, ticketId, order } = await paidOrder(t);

    // An order mail through the send job (queued with the order's change) …
    await queueOrderMail(db, t.app.deps.config, team.id, order.id, 'paid');
    // … the confirmation through the order job, which writes it and sends it at once …
    const free = await makeOrder(db, team.id, { ticketId, paymentStatus: 'free', paymentType: 'free' });
    await enqueueJob(db, 'order.mail', { teamId: team.id, orderId: free.order.id, occasion: 'placed' });
    // … a waiting-list mail: a sign-up for the sold-out course …
    await db.insert(teamSellingSettings).values({ teamId: team.id, invoiceEnabled: true, iban: 'CH9300762011623852957' });
    const [ticket] = await db.select().from(tickets).where(eq(tickets.id, ticketId));
    await db.update(tickets).set({ stock: ticket!.sold }).where(eq(tickets.id, ticketId));
    await db.update(activities).set({ waitingList: true }).where(eq(activities.id, ticket!.activityId));
    const signUp = await t.app.inject({
      method: 'POST',
      url: `/api/public/teams/${team.id}/waitinglist`,
      payload: {
        activity_id: ticket!.activityId,
        firstname: 'Wanda',
        lastname: 'Warten',
        email: 'wanda@example.com',
        quantity: 1,
        language: 'de',
      },
    });
    expect(signUp.statusCode, signUp.body).toBeLessThan(300);
    // … and the platform's own mails: one about the team (a notice to its staff) and one without a team.
    const platform = renderMail({ lang: 'de', appName: 'Bookla', paragraphs: ['Etwas hat sich geändert.'] });
    await queueMail(db, t.app.deps.config, {
      ...mail,
      ...platform,
      subject: 'Änderung <Geld> & "mehr"',
      kind: 'money_settings_changed',
      teamId: team.id,
    });
    await queueMail(db, t.app.deps.config, { ...mail, ...platform, kind: 'verify_email' });
    await t.app.deps.jobs.runDue();

    const sent = await db.select().from(emails).where(eq(emails.teamId, team.id));
    const byKind = (kind: string) => {
      const row = sent.find((e) => e.kind === kind);
      const raw = smtp.mails.find((m) => row && m.raw.includes(`Message-ID: ${row.messageId}`))?.raw;
      expect(raw, kind).toBeDefined();
      return { row: row!, raw: raw! };
    };
    for (const kind of ['order_paid', 'order_confirmation', 'waitinglist_joined']) {
      const { row, raw } = byKind(kind);
      expect(header(raw, 'Reply-To'), kind).toBe(teamOwner.email);
      expect(header(raw, 'From'), kind).toContain('via Bookla');
      expect(textPart(raw, 'text/html'), kind).toContain(`<title>${escaped(row.subject)}</title>`);
    }
    const notice = byKind('money_settings_changed');
    expect(header(notice.raw, 'Reply-To')).toBeUndefined();
    expect(textPart(notice.raw, 'text/html')).toContain(`<title>${escaped('Änderung <Geld> & "mehr"')}</title>`);
    const own = smtp.mails.find((m) => header(m.raw, 'Subject') === 'Willkommen')!;
    expect(header(own.raw, 'Reply-To')).toBeUndefined();
    expect(textPart(own.raw, 'text/html')).toContain('<title>Willkommen</title>');
    await smtp.close();
    // A second app, an SMTP server and documents: a hang detector, not a speed limit (decision 015).
  }, 120_000);

  it('writes the Reply-To into the .eml file without SMTP_URL', async () => {
    const dataDir = tempDataDir();
    const t = await buildTestApp({ config: { dataDir } });
    open.push(t);
    const { team, owner: teamOwner, order } = await paidOrder(t);
    await queueOrderMail(t.database.db, t.app.deps.config, team.id, order.id, 'paid');
    await t.app.deps.jobs.runDue();
    const dir = join(dataDir, 'mail');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const eml = readFileSync(join(dir, files[0]!), 'utf8');
    expect(header(eml, 'Reply-To')).toBe(teamOwner.email);
  });
});
