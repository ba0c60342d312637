import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { emails, locations, orderEvents, orders } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeSession, makeTicket, owner, type Staff } from '../../../test/factories.ts';
import { makeOrder, type MakeOrderOptions } from '../../../test/selling-factories.ts';
import { endUnpaidOrder, expireDueOrders, orderToken } from '../orders/index.ts';
import { queueOrderMail } from './index.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let a: Staff;
let dropInTicketId: number;
let courseTicketId: number;
let sessionStart: Date;

beforeAll(async () => {
  t = await buildTestApp({ config: { mailFrom: 'noreply@bookla.test' } });
  app = t.app;
  db = app.deps.db;
  a = await owner(app, { teamName: 'Yogastudio Aare' });
  const [location] = await db
    .insert(locations)
    .values({
      teamId: a.team.id,
      name: { de: 'Halle Ost', en: 'Hall East' },
      address: 'Aarstrasse 3',
      postalCode: '3011',
      city: 'Bern',
      country: 'CH',
    })
    .returning();
  const activity = await makeActivity(db, a.team.id, { locationId: location!.id });
  sessionStart = new Date('2031-03-14T17:30:00Z');
  const session = await makeSession(db, a.team.id, activity.id, sessionStart, { minutes: 75 });
  dropInTicketId = (await makeTicket(db, a.team.id, activity.id, { sessionId: session.id, priceMinor: 3000, taxRateBp: 810, stock: 100 }))
    .id;
  const course = await makeActivity(db, a.team.id, { name: { de: 'Pilates-Kurs', en: 'Pilates course' }, locationId: location!.id });
  for (let week = 0; week < 6; week++) await makeSession(db, a.team.id, course.id, new Date(Date.UTC(2031, 0, 7 + 7 * week, 8)));
  courseTicketId = (
    await makeTicket(db, a.team.id, course.id, { priceMinor: 18000, taxRateBp: 810, stock: 100, name: { de: 'Kurs', en: 'Course' } })
  ).id;
});
afterAll(() => t.close());

const order = (opts: Omit<MakeOrderOptions, 'ticketId'> & { ticketId?: number }) =>
  makeOrder(db, a.team.id, {
    ticketId: dropInTicketId,
    participants: [
      { firstname: 'Lea', lastname: 'Keller' },
      { firstname: 'Marc', lastname: 'Frei' },
    ],
    ...opts,
  });
const queue = (orderId: number, occasion: 'placed' | 'paid' | 'ended') => queueOrderMail(db, app.deps.config, a.team.id, orderId, occasion);
const mailRow = async (id: number | undefined) => (await db.select().from(emails).where(eq(emails.id, id!)))[0]!;

describe('queueOrderMail', () => {
  it('confirms a paid order in its language with the lines, dates, location, total with VAT and the order link', async () => {
    const made = await order({ paymentStatus: 'paid', paymentType: 'stripe' });
    // Placed and paid online: the `placed` job sends nothing, the payment's mail confirms.
    expect(await queue(made.order.id, 'placed')).toBeUndefined();
    const id = await queue(made.order.id, 'paid');
    const mail = await mailRow(id);
    expect(mail).toMatchObject({
      kind: 'order_paid',
      language: 'de',
      teamId: a.team.id,
      toAddress: 'anna@example.com',
      fromAddress: '"Yogastudio Aare via Bookla" <noreply@bookla.test>',
      attachments: [
        { kind: 'tickets', orderId: made.order.id },
        { kind: 'receipt', orderId: made.order.id },
        // The booked dates as an iCalendar file (CONTRACT §8).
        { kind: 'calendar', orderId: made.order.id },
      ],
    });
    const text = mail.textBody.replace(/\u00a0/g, ' ');
    expect(text).toContain('Guten Tag Anna Muster');
    expect(text).toContain('2 × Yoga am Morgen – Eintritt: CHF 60.00');
    // 17:30 UTC in March 2031 = 18:30 in Zurich (CET).
    expect(text).toContain('Datum: Fr., 14.03.2031, 18:30–19:45');
    expect(text).toContain('Ort: Halle Ost, Aarstrasse 3, 3011 Bern');
    expect(text).toContain('Teilnehmende: Lea Keller, Marc Frei');
    // 60.00 × 8.1 / 108.1 = 4.50
    expect(text).toContain('Total: CHF 60.00 (inkl. 8.1 % MWST CHF 4.50)');
    expect(text).toContain(
      `http://localhost:3000/de/shop/${a.team.id}/order/${made.order.publicId}?token=${orderToken(app.deps.config, made.order)}`,
    );
    expect(mail.htmlBody).toContain('Halle Ost, Aarstrasse 3, 3011 Bern');
    // The order's history records the mail.
    const events = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, made.order.id), eq(orderEvents.type, 'mail_queued')));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      actor: 'system',
      data: { occasion: 'paid', kind: 'order_paid', email_id: id, attachments: ['tickets', 'receipt', 'calendar'] },
    });
  });

  it('sends the invoice of an invoice order, and the tickets of a free one', async () => {
    const invoice = await order({
      paymentStatus: 'waiting',
      paymentType: 'invoice',
      language: 'en',
      holdUntil: new Date('2031-04-01T10:00:00Z'),
    });
    const mail = await mailRow(await queue(invoice.order.id, 'placed'));
    expect(mail).toMatchObject({
      kind: 'order_invoice',
      language: 'en',
      subject: `Your booking ${invoice.order.number} – invoice`,
      attachments: [
        { kind: 'invoice', orderId: invoice.order.id },
        { kind: 'calendar', orderId: invoice.order.id },
      ],
    });
    expect(mail.textBody).toContain('please pay it by 01/04/2031');
    expect(mail.textBody).toContain('Location: Hall East, Aarstrasse 3, 3011 Bern');
    expect(mail.textBody).toContain('incl. 8.1 % VAT');

    const free = await order({ paymentStatus: 'free', paymentType: 'free', language: 'fr' });
    await db.update(orders).set({ totalMinor: 0, taxTotalMinor: 0 }).where(eq(orders.id, free.order.id));
    const freeMail = await mailRow(await queue(free.order.id, 'placed'));
    expect(freeMail).toMatchObject({
      kind: 'order_confirmation',
      subject: `Votre réservation ${free.order.number}`,
      attachments: [
        { kind: 'tickets', orderId: free.order.id },
        { kind: 'calendar', orderId: free.order.id },
      ],
    });
  });

  it('sends nothing when an online payment is still open, then the tickets and the receipt once paid', async () => {
    const made = await order({ paymentStatus: 'waiting', paymentType: 'stripe' });
    expect(await queue(made.order.id, 'placed')).toBeUndefined();
    expect(
      await db
        .select()
        .from(orderEvents)
        .where(and(eq(orderEvents.orderId, made.order.id), eq(orderEvents.type, 'mail_queued'))),
    ).toHaveLength(0);
    await db.update(orders).set({ paymentStatus: 'paid', paidAt: new Date() }).where(eq(orders.id, made.order.id));
    const mail = await mailRow(await queue(made.order.id, 'paid'));
    expect(mail.kind).toBe('order_paid');
    expect(mail.subject).toBe(`Zahlung erhalten – Buchung ${made.order.number}`);
    expect(mail.attachments).toEqual([
      { kind: 'tickets', orderId: made.order.id },
      { kind: 'receipt', orderId: made.order.id },
      { kind: 'calendar', orderId: made.order.id },
    ]);
  });

  it('puts [TEST] before the subject of a test-mode order’s mail and says so first (issue 20 item 3)', async () => {
    const made = await order({ paymentStatus: 'paid', paymentType: 'test' });
    await db.update(orders).set({ isTest: true }).where(eq(orders.id, made.order.id));
    const mail = await mailRow(await queue(made.order.id, 'paid'));
    expect(mail.subject).toBe(`[TEST] Zahlung erhalten – Buchung ${made.order.number}`);
    expect(mail.textBody).toContain('Dies ist eine Testbestellung (Testmodus)');
    // A real online payment's mail: no prefix, no notice.
    const real = await order({ paymentStatus: 'paid', paymentType: 'stripe' });
    const realMail = await mailRow(await queue(real.order.id, 'paid'));
    expect(realMail.subject).toBe(`Zahlung erhalten – Buchung ${real.order.number}`);
    expect(realMail.textBody).not.toContain('Testbestellung');
  });

  it('tells about a cancelled order without attachments', async () => {
    const made = await order({ paymentStatus: 'expired', paymentType: 'invoice', language: 'en' });
    const mail = await mailRow(await queue(made.order.id, 'ended'));
    expect(mail).toMatchObject({
      kind: 'order_ended',
      subject: `Booking ${made.order.number} cancelled – payment not received`,
      attachments: [],
    });
  });

  it('sums up the dates of a course ticket', async () => {
    const made = await order({
      ticketId: courseTicketId,
      paymentStatus: 'paid',
      paymentType: 'stripe',
      participants: [{ firstname: 'Eva', lastname: 'Roth' }],
    });
    const mail = await mailRow(await queue(made.order.id, 'paid'));
    expect(mail.textBody).toContain('Termine: Di., 07.01.2031, 09:00 bis Di., 11.02.2031 (6 Termine)');
    expect(mail.textBody).toContain('1 × Pilates-Kurs – Kurs');
  });

  it('queues nothing for an order of another team', async () => {
    const b = await owner(app);
    const made = await order({ paymentStatus: 'paid' });
    expect(await queueOrderMail(db, app.deps.config, b.team.id, made.order.id, 'placed')).toBeUndefined();
  });
});

/** Issue 22 item 8: a cancellation mail says why, in the customer's terms. */
describe('why an order ended', () => {
  /** The order's mail of an occasion, found through its history (`mail_queued`). */
  const mailOf = async (orderId: number, occasion: 'ended' | 'refunded') => {
    const queued = await db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'mail_queued')))
      .orderBy(desc(orderEvents.id));
    const event = queued.find((e) => e.data.occasion === occasion);
    expect(event, `no ${occasion} mail for order ${orderId}`).toBeDefined();
    const row = await mailRow(Number(event!.data.email_id));
    return { ...row, textBody: row.textBody.replace(/\u00a0/g, ' ') };
  };
  const endedMail = (orderId: number) => mailOf(orderId, 'ended');
  const unpaid = async (language: 'de' | 'en' | 'fr', paymentType: 'invoice' | 'stripe' = 'invoice') =>
    (await order({ paymentStatus: 'waiting', paymentType, language })).order;

  it('cancelled by you: the customer cancelled her own unpaid order on its link (not "for non-payment")', async () => {
    const o = await unpaid('de');
    const res = await app.inject({
      method: 'POST',
      url: `/api/public/orders/${o.publicId}/cancel?token=${encodeURIComponent(orderToken(app.deps.config, o))}`,
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await endedMail(o.id);
    expect(mail.subject).toBe(`Ihre Stornierung der Buchung ${o.number}`);
    expect(mail.textBody).toContain(`Wie gewünscht wurde Ihre Buchung ${o.number} storniert`);
    expect(mail.textBody).not.toMatch(/Zahlung nicht|ohne Zahlung/);
  });

  it('cancelled by the organiser: staff cancelled an unpaid order', async () => {
    const o = await unpaid('en');
    const res = await a.client.post(`/api/orders/${o.id}/cancel?language=en`);
    expect(res.statusCode, res.body).toBe(200);
    const mail = await endedMail(o.id);
    expect(mail.subject).toBe(`Booking ${o.number} cancelled by the organiser`);
    expect(mail.textBody).toContain(`Yogastudio Aare has cancelled your booking ${o.number} and released the seats.`);
    expect(mail.textBody).toContain('Questions about the cancellation? Simply reply to this e-mail.');
  });

  it('cancelled by the organiser: staff cancelled a free order; and a paid one with its refund', async () => {
    const free = await order({ paymentStatus: 'free', paymentType: 'free', language: 'fr' });
    expect((await a.client.post(`/api/orders/${free.order.id}/cancel`)).statusCode).toBe(200);
    const mail = await endedMail(free.order.id);
    expect(mail.subject).toBe(`Réservation ${free.order.number} annulée par l’organisateur`);
    expect(mail.textBody).toContain(`Yogastudio Aare a annulé votre réservation ${free.order.number}`);

    const paid = await order({ paymentStatus: 'paid', paymentType: 'invoice', language: 'en' });
    expect((await a.client.post(`/api/orders/${paid.order.id}/cancel`, { refund: true })).statusCode).toBe(200);
    const refund = await mailOf(paid.order.id, 'refunded');
    expect(refund.textBody).toContain(
      `Yogastudio Aare has cancelled your booking ${paid.order.number} and refunded CHF 60.00; its tickets are no longer valid.`,
    );
  });

  it('for non-payment: the hold ran out (expired), or the payment failed', async () => {
    const late = await unpaid('fr');
    await db
      .update(orders)
      .set({ holdUntil: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, late.id));
    expect(await expireDueOrders({ db, config: app.deps.config })).toBeGreaterThanOrEqual(1);
    const expired = await endedMail(late.id);
    expect(expired.subject).toBe(`Réservation ${late.number} annulée – paiement non reçu`);
    expect(expired.textBody).toContain('annulée faute de paiement dans les délais');

    const declined = await unpaid('de', 'stripe');
    const ended = await endUnpaidOrder(
      { db, config: app.deps.config },
      {
        teamId: a.team.id,
        orderId: declined.id,
        status: 'declined',
        who: { actor: 'provider' },
        reason: 'payment_intent.payment_failed',
      },
    );
    expect(ended.changed).toBe(true);
    const failed = await endedMail(declined.id);
    expect(failed.subject).toBe(`Buchung ${declined.number} storniert – Zahlung nicht eingegangen`);
    expect(failed.textBody).toContain('weil die Zahlung nicht zustande kam; es wurde nichts belastet');
  });
});
