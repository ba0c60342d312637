import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emails, jobs, orders, teamNotificationEvents, teamNotificationSettings, waitingListEntries } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, loginAs } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { makeShop, orderBody } from './notice-test-kit.ts';
import { cancelPaidOrderKeepingPayment, endUnpaidOrder, markOrderPaid, refundOrder } from '../orders/index.ts';
import { formatMoney } from '../documents/index.ts';
import { handleProviderNotice } from './index.ts';

/** Amounts as the mails write them (the documents' formatter: a no-break space after the code in German). */
const chf = (minor: number, lang: 'de' | 'fr' = 'de') => formatMoney(minor, 'CHF', lang);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const deps = () => ({ db: db(), config: t.app.deps.config });
const runJobs = () => t.app.deps.jobs.runDue();

/** A shop (invoice + test mode, CHF) whose owner reads German, a chosen admin French, an editor English (not chosen). */
async function shop() {
  const s = await makeShop(db());
  const admin = (await createUserWithTeam(db(), { teamId: s.teamId, role: 'admin', language: 'fr', firstname: 'Amélie' })).user;
  const editor = (await createUserWithTeam(db(), { teamId: s.teamId, role: 'editor', language: 'en', firstname: 'Ed' })).user;
  const ownerUser = (await db().query.users.findFirst({ where: (u, { eq: e }) => e(u.id, s.team.ownerId) }))!;
  const client = await loginAs(t.app, ownerUser.email);
  const res = await client.request('PUT', '/api/config/notifications', {
    recipients: [ownerUser.id, admin.id],
    events: ['order_placed', 'order_cancelled', 'refund_requested', 'refund_made', 'waitlist_taken'],
    delivery: 'immediate',
  });
  expect(res.statusCode, res.body).toBe(200);
  return { ...s, owner: ownerUser, admin, editor, client };
}

const noticesOf = (teamId: number) =>
  db()
    .select()
    .from(emails)
    .where(and(eq(emails.teamId, teamId), like(emails.kind, 'notice_%')))
    .then((rows) => rows.sort((a, b) => a.id - b.id));

async function place(teamId: number, ticketId: number, extra: Record<string, unknown> = {}) {
  const res = await t.app.inject({ method: 'POST', url: `/api/public/teams/${teamId}/orders`, payload: orderBody(ticketId, extra) });
  expect(res.statusCode, res.body).toBe(201);
  const [row] = await db().select().from(orders).where(eq(orders.publicId, res.json().order.id));
  return row!;
}

describe('provider notification mails', { timeout: 60_000 }, () => {
  it('a new invoice order: each chosen recipient gets one mail in their own language, with team, number, customer, amount and link; nobody else', async () => {
    const s = await shop();
    const order = await place(s.teamId, s.ticket.id);
    await runJobs();
    const mails = await noticesOf(s.teamId);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([s.owner.email, s.admin.email].sort());
    const de = mails.find((m) => m.toAddress === s.owner.email)!;
    const fr = mails.find((m) => m.toAddress === s.admin.email)!;
    expect(de).toMatchObject({ kind: 'notice_order_placed', language: 'de', userId: s.owner.id });
    expect(de.subject).toBe(`Neue Bestellung ${order.number}`);
    expect(de.textBody).toContain(
      `Anna Muster hat bei ${s.team.name} die Bestellung ${order.number} aufgegeben: ${chf(2500)} (auf Rechnung, noch nicht bezahlt).`,
    );
    expect(de.textBody).toContain(`http://localhost:3000/de/backend/orders/edit/${order.id}`);
    expect(fr).toMatchObject({ kind: 'notice_order_placed', language: 'fr' });
    expect(fr.subject).toBe(`Nouvelle commande ${order.number}`);
    expect(fr.textBody).toContain(chf(2500, 'fr'));
    expect(fr.textBody).toContain(`http://localhost:3000/fr/backend/orders/edit/${order.id}`);
    expect(mails.some((m) => m.toAddress === s.editor.email)).toBe(false);
    // The outbox sends them (no SMTP here: kept in the archive).
    expect(mails.every((m) => m.status === 'kept')).toBe(true);
  });

  it('an online payment is told once it is paid (test mode marked), not when it is started', async () => {
    const s = await shop();
    const order = await place(s.teamId, s.ticket.id, { payment_method: 'test' });
    await runJobs();
    expect(await noticesOf(s.teamId)).toEqual([]);
    await markOrderPaid(deps(), { teamId: s.teamId, orderId: order.id, who: { actor: 'provider' } });
    await runJobs();
    const mails = await noticesOf(s.teamId);
    expect(mails).toHaveLength(2);
    expect(mails.find((m) => m.language === 'de')!.subject).toBe(`[TEST] Neue Bestellung ${order.number}`);
    // Paid again (a webhook replayed): nothing more.
    await markOrderPaid(deps(), { teamId: s.teamId, orderId: order.id, who: { actor: 'provider' } });
    await runJobs();
    expect(await noticesOf(s.teamId)).toHaveLength(2);
  });

  it('cancellations by the organiser, by the customer (money kept) and for non-payment say so', async () => {
    const s = await shop();
    const byStaff = await place(s.teamId, s.ticket.id);
    const unpaid = await place(s.teamId, s.ticket.id);
    const late = (await makeOrder(db(), s.teamId, { ticketId: s.ticket.id, paymentStatus: 'paid', paymentType: 'invoice' })).order;
    await runJobs();
    const before = (await noticesOf(s.teamId)).length;
    await endUnpaidOrder(deps(), {
      teamId: s.teamId,
      orderId: byStaff.id,
      status: 'cancelled',
      who: { actor: 'staff', userId: s.owner.id },
    });
    await endUnpaidOrder(deps(), { teamId: s.teamId, orderId: unpaid.id, status: 'expired', who: { actor: 'system' } });
    await cancelPaidOrderKeepingPayment(deps(), { teamId: s.teamId, orderId: late.id, who: { actor: 'customer' } });
    await runJobs();
    const de = (await noticesOf(s.teamId)).slice(before).filter((m) => m.language === 'de');
    expect(de.map((m) => m.kind)).toEqual(['notice_order_cancelled', 'notice_order_cancelled', 'notice_order_cancelled']);
    const text = (n: number) => de.find((m) => m.subject.includes(`Bestellung ${n} `))!.textBody;
    expect(text(byStaff.number)).toContain(`wurde von ${s.team.name} storniert`);
    expect(text(unpaid.number)).toContain('nicht rechtzeitig bezahlt');
    expect(text(late.number)).toContain(`Anna Muster hat die Bestellung ${late.number} (${chf(2500)})`);
    expect(text(late.number)).toContain(`Die Zahlung von ${chf(2500)} bleibt`);
  });

  it('a refund made (partial, then the rest) and a refund the customer is owed are told with their amounts', async () => {
    const s = await shop();
    const paid = (await makeOrder(db(), s.teamId, { ticketId: s.ticket.id, paymentStatus: 'paid', paymentType: 'invoice' })).order;
    const owed = (await makeOrder(db(), s.teamId, { ticketId: s.ticket.id, paymentStatus: 'paid', paymentType: 'invoice' })).order;
    const staff = { actor: 'staff' as const, userId: s.owner.id };
    await refundOrder(deps(), { teamId: s.teamId, orderId: paid.id, amountMinor: 1000, who: staff, method: 'record' });
    await refundOrder(deps(), { teamId: s.teamId, orderId: paid.id, who: staff, method: 'record' });
    await refundOrder(deps(), {
      teamId: s.teamId,
      orderId: owed.id,
      who: { actor: 'customer' },
      method: 'record',
      reason: 'customer_cancellation_transfer_due',
      mail: false,
    });
    await runJobs();
    const de = (await noticesOf(s.teamId)).filter((m) => m.language === 'de');
    const made = de.filter((m) => m.kind === 'notice_refund_made');
    expect(made).toHaveLength(2);
    expect(made[0]!.textBody).toContain(
      `Für die Bestellung ${paid.number} von Anna Muster wurden ${chf(1000)} zurückerstattet (insgesamt zurückerstattet: ${chf(1000)} von ${chf(2500)})`,
    );
    expect(made[1]!.textBody).toContain(`${chf(1500)} zurückerstattet (insgesamt zurückerstattet: ${chf(2500)} von ${chf(2500)})`);
    const requested = de.filter((m) => m.kind === 'notice_refund_requested');
    expect(requested).toHaveLength(1);
    expect(requested[0]!.subject).toBe(`Rückerstattung für Bestellung ${owed.number} verlangt`);
    expect(requested[0]!.textBody).toContain(`${chf(2500)} zu`);
  });

  it('an order from a waiting-list offer is told as the offer taken', async () => {
    const s = await shop();
    const order = (await makeOrder(db(), s.teamId, { ticketId: s.ticket.id, paymentStatus: 'paid', paymentType: 'invoice' })).order;
    await db()
      .insert(waitingListEntries)
      .values({
        teamId: s.teamId,
        activityId: s.activity.id,
        firstname: 'Anna',
        lastname: 'Muster',
        email: 'anna@example.com',
        language: 'de',
        quantity: 1,
        status: 'booked',
        removalTokenHash: `r${order.id}`.padEnd(64, '0'),
        orderId: order.id,
      });
    const sent = await handleProviderNotice(deps(), { teamId: s.teamId, orderId: order.id, kind: 'placed', at: new Date().toISOString() });
    expect(sent).toBe(2);
    const mails = await noticesOf(s.teamId);
    expect(mails.map((m) => m.kind)).toEqual(['notice_waitlist_taken', 'notice_waitlist_taken']);
    expect(mails.find((m) => m.language === 'fr')!.subject).toBe(`Place de la liste d’attente réservée : commande ${order.number}`);
  });

  it('a job run twice (a claim taken over) mails once; an event switched off or a digest team mails nothing at once', async () => {
    const s = await shop();
    const order = (await makeOrder(db(), s.teamId, { ticketId: s.ticket.id, paymentStatus: 'paid', paymentType: 'invoice' })).order;
    const notice = { teamId: s.teamId, orderId: order.id, kind: 'placed' as const, at: new Date().toISOString() };
    expect(await handleProviderNotice(deps(), notice)).toBe(2);
    expect(await handleProviderNotice(deps(), notice)).toBe(0);
    expect(await noticesOf(s.teamId)).toHaveLength(2);

    await db()
      .update(teamNotificationSettings)
      .set({ events: ['refund_made'] })
      .where(eq(teamNotificationSettings.teamId, s.teamId));
    const other = (await makeOrder(db(), s.teamId, { ticketId: s.ticket.id, paymentStatus: 'paid', paymentType: 'invoice' })).order;
    expect(await handleProviderNotice(deps(), { ...notice, orderId: other.id })).toBe(0);
    await db()
      .update(teamNotificationSettings)
      .set({ events: ['order_placed'], delivery: 'digest' })
      .where(eq(teamNotificationSettings.teamId, s.teamId));
    const third = (await makeOrder(db(), s.teamId, { ticketId: s.ticket.id, paymentStatus: 'paid', paymentType: 'invoice' })).order;
    expect(await handleProviderNotice(deps(), { ...notice, orderId: third.id })).toBe(0);
    expect(await noticesOf(s.teamId)).toHaveLength(2);
    // Both events are recorded (the digest reads them).
    const events = await db().select().from(teamNotificationEvents).where(eq(teamNotificationEvents.teamId, s.teamId));
    expect(events.map((e) => e.orderId).sort()).toEqual([order.id, other.id, third.id].sort());
  });
});

describe('a failing mailer', { timeout: 60_000 }, () => {
  it('never fails the checkout: the order is placed, the notices wait in the outbox with the error', async () => {
    // Nothing listens on port 9: every SMTP attempt fails.
    const f = await buildTestApp({ config: { smtpUrl: 'smtp://127.0.0.1:9', mailFrom: 'noreply@bookla.test' } });
    try {
      const fdb = f.app.deps.db;
      const s = await makeShop(fdb);
      const res = await f.app.inject({ method: 'POST', url: `/api/public/teams/${s.teamId}/orders`, payload: orderBody(s.ticket.id) });
      expect(res.statusCode, res.body).toBe(201);
      await f.app.deps.jobs.runDue();
      const notices = await fdb
        .select()
        .from(emails)
        .where(and(eq(emails.teamId, s.teamId), like(emails.kind, 'notice_%')));
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({ status: 'pending', kind: 'notice_order_placed' });
      expect(notices[0]!.lastError).toBeTruthy();
      // The notice job itself is done; its mail's send job waits to be retried.
      const mailJobs = await fdb.select().from(jobs).where(eq(jobs.type, 'provider.notice'));
      expect(mailJobs.map((j) => j.status)).toEqual(['done']);
      const [order] = await fdb.select().from(orders).where(eq(orders.publicId, res.json().order.id));
      expect(order).toMatchObject({ paymentStatus: 'waiting', paymentType: 'invoice' });
    } finally {
      await f.close();
    }
  });
});
