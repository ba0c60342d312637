import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, jobs, orderEvents } from '../../../db/schema/index.ts';
import { renderMail } from '../../../lib/mail-layout.ts';
import { queueMail } from '../../../lib/mailer.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { lastMail, makeActivity, makeTicket, owner, staff, uid, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { queueOrderMail } from '../../selling/documents/index.ts';
import { orderToken } from '../../selling/orders/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const config = () => t.app.deps.config;

/** A mail of the company, queued through the real outbox, with a link carrying a secret. */
async function mailOf(teamId: number | null, opts: { to?: string; subject?: string; kind?: string; url?: string } = {}) {
  const url = opts.url ?? `http://localhost:3000/de/shop/${teamId ?? 0}/order/1?token=SECRETtoken123456789xyz`;
  const { html, text } = renderMail({
    lang: 'de',
    appName: 'Yoga Zürich',
    greeting: 'Hallo Anna',
    paragraphs: ['Danke für die Bestellung.'],
    action: { label: 'Bestellung ansehen', url },
  });
  return queueMail(db(), config(), {
    to: opts.to ?? `anna-${uid()}@example.com`,
    subject: opts.subject ?? 'Ihre Bestellung',
    text,
    html,
    kind: opts.kind ?? 'order_confirmation',
    language: 'de',
    teamId,
    fromName: 'Yoga Zürich via Bookla',
  });
}

async function row(id: number) {
  const [r] = await db().select().from(emails).where(eq(emails.id, id));
  return r!;
}

const ids = (res: { json(): { data: { id: number }[] } }) => res.json().data.map((m) => m.id);

describe('email archive: list', () => {
  let a: Staff;
  let b: Staff;
  let aMails: number[];
  let bMail: number;
  let noTeamMail: number;

  beforeAll(async () => {
    a = await owner(t.app, { teamName: `Alpha ${uid()}` });
    b = await owner(t.app, { teamName: `Beta ${uid()}` });
    aMails = [
      await mailOf(a.team.id, { to: 'carla@example.com', subject: 'Rechnung 1001', kind: 'order_invoice' }),
      await mailOf(a.team.id, { to: 'dora@example.com', subject: 'Ihre Tickets', kind: 'order_paid' }),
      await mailOf(a.team.id, { to: 'emil@example.com', subject: 'Bestellung storniert', kind: 'order_ended' }),
    ];
    bMail = await mailOf(b.team.id, { to: 'beta-buyer@example.com', subject: 'Beta Bestellung' });
    noTeamMail = await mailOf(null, { to: a.user.email, subject: 'Passwort zurücksetzen', kind: 'password_reset' });
    // Days in the company's zone (Europe/Zurich): 1 March 00:30 local is 28 Feb 23:30 UTC.
    await db()
      .update(emails)
      .set({ createdAt: new Date('2026-02-28T23:30:00Z') })
      .where(eq(emails.id, aMails[0]!));
    await db()
      .update(emails)
      .set({ createdAt: new Date('2026-03-05T10:00:00Z') })
      .where(eq(emails.id, aMails[1]!));
    await db()
      .update(emails)
      .set({ createdAt: new Date('2026-03-10T22:30:00Z') })
      .where(eq(emails.id, aMails[2]!));
    await db()
      .update(emails)
      .set({
        status: 'failed',
        attempts: 10,
        lastError: "Can't send mail - all recipients were rejected: 550 5.1.1 <emil@example.com>: Recipient address rejected: User unknown",
      })
      .where(eq(emails.id, aMails[2]!));
    await db()
      .update(emails)
      .set({ status: 'sent', attempts: 1, sentAt: new Date('2026-03-05T10:00:05Z') })
      .where(eq(emails.id, aMails[1]!));
  });

  it('shows the current company’s mails only, newest first, in the list shape', async () => {
    const res = await a.client.get('/api/archive/emails');
    expect(res.statusCode, res.body).toBe(200);
    expect(ids(res)).toEqual([aMails[2], aMails[1], aMails[0]]);
    expect(res.json().meta).toMatchObject({ current_page: 1, per_page: 10, total: 3, from: 1, to: 3 });
    expect(res.body).not.toContain('beta-buyer@example.com');
    expect(res.body).not.toContain('Passwort zurücksetzen');
    const failed = res.json().data[0];
    expect(failed).toMatchObject({
      id: aMails[2],
      kind: 'order_ended',
      recipient: 'emil@example.com',
      subject: 'Bestellung storniert',
      status: 'failed',
      attempts: 10,
      failure_reason: 'recipient_rejected',
      sent_at: null,
      resendable: true,
    });
    // Times in the company's zone, with the offset.
    expect(failed.created_at).toBe('2026-03-10T23:30:00+01:00');
    expect(res.json().data[1]).toMatchObject({ status: 'sent', failure_reason: null, sent_at: '2026-03-05T11:00:05+01:00' });
    expect(res.json().data[2]).toMatchObject({ status: 'queued', attempts: 0, failure_reason: null });
    // B sees only B's.
    const other = await b.client.get('/api/archive/emails');
    expect(ids(other)).toEqual([bMail]);
    expect(other.body).not.toContain('carla@example.com');
    expect(noTeamMail).toBeGreaterThan(0);
  });

  it('filters by recipient, subject, status, kind and days in the company’s zone; sorts by a whitelisted field', async () => {
    const get = async (query: string) => {
      const res = await a.client.get(`/api/archive/emails?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return ids(res);
    };
    expect(await get('columnFilters[recipient]=CARLA')).toEqual([aMails[0]]);
    expect(await get('columnFilters[subject]=tickets')).toEqual([aMails[1]]);
    expect(await get('columnFilters[status]=failed')).toEqual([aMails[2]]);
    expect(await get('columnFilters[status]=queued,sent')).toEqual([aMails[1], aMails[0]]);
    expect(await get('columnFilters[status]=bogus')).toEqual([]);
    expect(await get('columnFilters[kind]=order_paid,order_invoice')).toEqual([aMails[1], aMails[0]]);
    // 28 Feb 23:30 UTC is 1 March in Zurich; 10 March 22:30 UTC is 10 March 23:30 there.
    expect(await get('columnFilters[from]=2026-03-01&columnFilters[to]=2026-03-01')).toEqual([aMails[0]]);
    expect(await get('columnFilters[from]=2026-03-02&columnFilters[to]=2026-03-10')).toEqual([aMails[2], aMails[1]]);
    expect(await get('columnFilters[to]=2026-02-28')).toEqual([]);
    expect(await get('sort[field]=recipient&sort[type]=asc')).toEqual([aMails[0], aMails[1], aMails[2]]);
    // `%` and `_` are no wildcards.
    expect(await get('columnFilters[recipient]=%25')).toEqual([]);
    // An unknown sort field falls back to the default; a malformed page to 1.
    expect(await get('sort[field]=to_address;drop&page=x')).toEqual([aMails[2], aMails[1], aMails[0]]);
  });

  it('refuses a malformed or reversed date range with 422 in the request’s language', async () => {
    const bad = await a.client.get('/api/archive/emails?language=en&columnFilters[from]=2026-02-30');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'columnFilters.from': ['Please enter a valid date.'] });
    const reversed = await a.client.get('/api/archive/emails?language=de&columnFilters[from]=2026-03-10&columnFilters[to]=2026-03-01');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors['columnFilters.to']).toEqual(['Das Enddatum darf nicht vor dem Startdatum liegen.']);
  });

  it('answers 404 for another company’s mail and for unknown ids; 422/404 for malformed ids, never 500', async () => {
    expect((await a.client.get(`/api/archive/emails/${bMail}`)).statusCode).toBe(404);
    expect((await a.client.post(`/api/archive/emails/${bMail}/resend`)).statusCode).toBe(404);
    expect((await a.client.get(`/api/archive/emails/${noTeamMail}`)).statusCode).toBe(404);
    expect((await a.client.get('/api/archive/emails/999999999')).statusCode).toBe(404);
    for (const bad of ['abc', '-1', '0', '1e400', '99999999999999999999']) {
      const res = await a.client.get(`/api/archive/emails/${bad}`);
      expect([404, 422], `${bad}: ${res.statusCode}`).toContain(res.statusCode);
    }
    // B's mail is unchanged by A's attempts.
    expect((await db().select().from(emails).where(eq(emails.toAddress, 'beta-buyer@example.com'))).length).toBe(1);
  });
});

describe('email archive: one mail', () => {
  it('shows state, attempts, the reason without server addresses, attachments, and masked bodies', async () => {
    const a = await owner(t.app);
    const activity = await makeActivity(db(), a.team.id);
    const ticket = await makeTicket(db(), a.team.id, activity.id);
    const { order } = await makeOrder(db(), a.team.id, { ticketId: ticket.id, email: `buyer-${uid()}@example.com` });
    const emailId = (await queueOrderMail(db(), config(), a.team.id, order.id, 'paid'))!;
    const token = orderToken(config(), order);
    await db()
      .update(emails)
      .set({ attempts: 2, lastError: 'connect ECONNREFUSED 10.20.30.40:587 (smtp.internal.example:587)' })
      .where(eq(emails.id, emailId));
    const res = await a.client.get(`/api/archive/emails/${emailId}`);
    expect(res.statusCode, res.body).toBe(200);
    const mail = res.json().data;
    expect(mail).toMatchObject({
      id: emailId,
      kind: 'order_paid',
      status: 'queued',
      attempts: 2,
      failure_reason: 'connection',
      order: { id: order.id, number: order.number },
      attachments: [
        { kind: 'tickets', name: `tickets-${order.number}.pdf`, order_id: order.id },
        { kind: 'receipt', name: `receipt-${order.number}.pdf`, order_id: order.id },
      ],
      resendable: true,
    });
    expect(mail.from).toContain('via');
    expect(mail.last_error).toBe('connect ECONNREFUSED [server] ([server])');
    // The order link's token is a secret: not in the reply at all; the link shows masked.
    const stored = await row(emailId);
    expect(stored.textBody).toContain(token);
    expect(res.body).not.toContain(token);
    expect(mail.text).toContain(`/shop/${a.team.id}/order/${order.publicId}?token=•••`);
    // The HTML: an inert document (own CSP), no live link, the target as text.
    expect(mail.html).toContain(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'`);
    expect(mail.html).not.toMatch(/<a[\s>]/i);
    expect(mail.html).not.toMatch(/href|src=/i);
    expect(mail.html).toContain('token=•••');
  });

  it('masks the token of an invitation link, and refuses to resend a mail with a one-time link (409)', async () => {
    const a = await owner(t.app);
    const email = `invitee-${uid()}@example.com`;
    const invite = await a.client.post('/api/team/invitations', { email, role: 'editor' });
    expect(invite.statusCode, invite.body).toBe(200);
    const mail = (await lastMail(t.app, email))!;
    const token = /accept-invite\/\d+\/\d+\/([A-Za-z0-9_-]+)/.exec(mail.textBody)![1]!;
    const res = await a.client.get(`/api/archive/emails/${mail.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(token);
    expect(res.json().data.text).toMatch(/accept-invite\/\d+\/\d+\/•••/);
    expect(res.json().data.resendable).toBe(false);
    const again = await a.client.post(`/api/archive/emails/${mail.id}/resend?language=en`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toContain('one-time link');
    expect(await db().select().from(emails).where(eq(emails.toAddress, email))).toHaveLength(1);
  });

  it('neutralises hostile HTML: no scripts, handlers, live links or remote images', async () => {
    const a = await owner(t.app);
    const id = await queueMail(db(), config(), {
      to: 'x@example.com',
      subject: 'Hostile',
      text: 'plain',
      html:
        '<p onclick="steal()">Hi <script>alert(1)</script><img src="https://tracker.example/p.gif" alt="Logo">' +
        '<a href="javascript:alert(2)">click</a> <a href="https://evil.example/x?session=abc">visit</a>' +
        '<iframe src="https://evil.example"></iframe><style>body{background:url(https://t.example/b)}</style></p>',
      kind: 'order_confirmation',
      language: 'en',
      teamId: a.team.id,
    });
    const html: string = (await a.client.get(`/api/archive/emails/${id}?language=en`)).json().data.html;
    const body = html.slice(html.indexOf('<body>'));
    expect(body).not.toMatch(/<script|onclick|<img|<iframe|<a[\s>]|href|src=|javascript:|url\(|tracker\.example\/p\.gif"/i);
    expect(body).toContain('[Image not loaded: Logo]');
    expect(body).toContain('visit</span> <span class="bookla-link-target">[https://evil.example/x?session=•••]</span>');
    expect(body).toContain('click</span>');
    expect(body).not.toContain('steal');
  });
});

describe('email archive: resend', () => {
  it('queues a new copy through the outbox; the original stays; the order’s history records it; the job sends it', async () => {
    const a = await owner(t.app);
    const activity = await makeActivity(db(), a.team.id);
    const ticket = await makeTicket(db(), a.team.id, activity.id);
    const { order } = await makeOrder(db(), a.team.id, { ticketId: ticket.id, email: `buyer-${uid()}@example.com` });
    const originalId = (await queueOrderMail(db(), config(), a.team.id, order.id, 'paid'))!;
    // Retries used up: the row failed and its job is done.
    await db().update(emails).set({ status: 'failed', attempts: 10, lastError: '550 mailbox full' }).where(eq(emails.id, originalId));
    await db()
      .update(jobs)
      .set({ status: 'failed' })
      .where(sql`${jobs.payload}->>'emailId' = ${String(originalId)}`);
    const before = await row(originalId);

    const res = await a.client.post(`/api/archive/emails/${originalId}/resend?language=en`);
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json();
    expect(reply.success).toBe(true);
    expect(reply.message).toBe(`A new copy to ${order.email} has been queued.`);
    expect(reply.data).toMatchObject({ kind: 'order_paid', recipient: order.email, status: 'queued', attempts: 0, failure_reason: null });
    const copyId: number = reply.data.id;
    expect(copyId).not.toBe(originalId);

    expect(await row(originalId)).toEqual(before);
    const copy = await row(copyId);
    expect(copy).toMatchObject({
      teamId: a.team.id,
      kind: before.kind,
      language: before.language,
      fromAddress: before.fromAddress,
      toAddress: before.toAddress,
      subject: before.subject,
      textBody: before.textBody,
      htmlBody: before.htmlBody,
      attachments: before.attachments,
      status: 'pending',
    });
    const events = await db()
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, order.id), eq(orderEvents.type, 'mail_queued')));
    expect(events.at(-1)).toMatchObject({
      actor: 'staff',
      userId: a.user.id,
      data: { occasion: 'resent', email_id: copyId, resent_from: originalId },
    });

    // The list shows both; the mail job takes the copy (no SMTP here: kept in the archive).
    const list = await a.client.get('/api/archive/emails');
    expect(ids(list)).toEqual(expect.arrayContaining([originalId, copyId]));
    await t.app.deps.jobs.runDue();
    expect((await row(copyId)).status).toBe('kept');
    expect((await row(originalId)).status).toBe('failed');
    const shown = (await a.client.get(`/api/archive/emails/${copyId}`)).json().data;
    expect(shown).toMatchObject({ status: 'kept', last_error: null });
  });

  it('limits copies of one mail to 5 an hour (429 with Retry-After)', async () => {
    const a = await owner(t.app);
    const id = await mailOf(a.team.id);
    for (let i = 0; i < 5; i++) expect((await a.client.post(`/api/archive/emails/${id}/resend`)).statusCode).toBe(200);
    const sixth = await a.client.post(`/api/archive/emails/${id}/resend?language=en`);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(
      await db()
        .select()
        .from(emails)
        .where(eq(emails.toAddress, (await row(id)).toAddress)),
    ).toHaveLength(6);
    // Another mail of the company can still be resent.
    expect((await a.client.post(`/api/archive/emails/${await mailOf(a.team.id)}/resend`)).statusCode).toBe(200);
  });
});

describe('email archive: permissions', () => {
  it('is for roles with nav.orders: editors yes, instructors 403, logged out 401', async () => {
    const a = await owner(t.app);
    const id = await mailOf(a.team.id);
    const editor = await staff(t.app, a.team, 'editor');
    const instructor = await staff(t.app, a.team, 'instructor');
    expect((await editor.client.get('/api/archive/emails')).statusCode).toBe(200);
    expect((await editor.client.get(`/api/archive/emails/${id}`)).statusCode).toBe(200);
    for (const res of [
      await instructor.client.get('/api/archive/emails'),
      await instructor.client.get(`/api/archive/emails/${id}`),
      await instructor.client.post(`/api/archive/emails/${id}/resend`),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('example.com');
    }
    const anon = new TestClient(t.app);
    expect((await anon.get('/api/archive/emails')).statusCode).toBe(401);
    expect(
      (
        await db()
          .select()
          .from(emails)
          .where(eq(emails.toAddress, (await row(id)).toAddress))
      ).length,
    ).toBe(1);
  });
});
