import { and, eq, inArray } from 'drizzle-orm';
import type { Language } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { emails, orderEvents, teamSellingSettings } from '../../../db/schema/index.ts';
import { createMemoryRateLimiter } from '../../../lib/rate-limit.ts';
import { LIMITS } from '../../../plugins/rate-limit.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { orderToken } from '../orders/index.ts';
import { documentAttachmentRenderers } from './documents.service.ts';
import { pdfFonts, pdfTextOf } from './pdf-inspect.ts';

/**
 * Issue 22 item 4: every refund, full or partial, mails the customer a credit note (PDF) in the
 * order's language, numbered per order ("1042-1", "1042-2"), with the amount, the order it refers
 * to and the VAT it contains only when the order's prices included VAT; the credit notes are
 * served to the customer (order link) and staff; the public order says paid, refunded, remaining.
 */

let t: TestApp;
let app: FastifyInstance;
let db: Db;
/** Registered for VAT (a VAT number): CHF 240 course seats at 8.1 %. */
let vat: Staff;
let vatTicketId: number;
/** Not registered for VAT: its prices include none. */
let plain: Staff;
let plainTicketId: number;
let clock = Date.now();
beforeEach(() => {
  clock += LIMITS.documentDownloadsPerIp.windowMs + 1000;
});

beforeAll(async () => {
  t = await buildTestApp({ limiter: createMemoryRateLimiter(() => clock) });
  app = t.app;
  db = app.deps.db;
  vat = await owner(app, { teamName: 'Atelier Blau' });
  await db.insert(teamSellingSettings).values({ teamId: vat.team.id, chargesVat: true, vatNumber: 'CHE-123.456.788 MWST' });
  const course = await makeActivity(db, vat.team.id, { name: { de: 'Aquarell-Kurs', en: 'Watercolour course', fr: 'Cours d’aquarelle' } });
  vatTicketId = (await makeTicket(db, vat.team.id, course.id, { priceMinor: 24000, taxRateBp: 810, stock: 50 })).id;
  plain = await owner(app, { teamName: 'Studio Klein' });
  await db
    .insert(teamSellingSettings)
    .values({ teamId: plain.team.id, chargesVat: false })
    .onConflictDoUpdate({ target: teamSellingSettings.teamId, set: { chargesVat: false, vatNumber: null } });
  const yoga = await makeActivity(db, plain.team.id, { name: { de: 'Yoga', en: 'Yoga', fr: 'Yoga' } });
  plainTicketId = (await makeTicket(db, plain.team.id, yoga.id, { priceMinor: 24000, taxRateBp: 0, stock: 50 })).id;
});
afterAll(() => t.close());

const two = [
  { firstname: 'Lea', lastname: 'Keller' },
  { firstname: 'Marc', lastname: 'Frei' },
];
const refund = (who: Staff, id: number, body: Record<string, unknown> = {}) =>
  who.client.post(`/api/orders/${id}/refund?language=en`, body);
/** The order's refund mails (from its history), oldest first. */
async function refundMails(orderId: number) {
  const queued = await db
    .select()
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'mail_queued')))
    .orderBy(orderEvents.id);
  const ids = queued.filter((e) => e.data.occasion === 'refunded').map((e) => Number(e.data.email_id));
  if (!ids.length) return [];
  return db.select().from(emails).where(inArray(emails.id, ids)).orderBy(emails.id);
}
/** Renders a mail's attachment as the mail job does when it sends the mail. */
async function attachment(teamId: number, spec: unknown) {
  const renderers = documentAttachmentRenderers({ db, config: app.deps.config, pdf: app.deps.pdf });
  const rendered = await renderers.credit_note!(spec as never, { teamId, language: 'de', memo: new Map() });
  return rendered!;
}
const plainText = (s: string) => s.replace(/\u00a0/g, ' ');

describe('a partial refund, then the rest', () => {
  it('mails a credit note for each, numbered, with the amounts and the VAT they contain', async () => {
    const made = await makeOrder(db, vat.team.id, { ticketId: vatTicketId, participants: two, paymentType: 'invoice', language: 'de' });
    const { order } = made;
    expect(order.totalMinor).toBe(48000);

    const part = await refund(vat, order.id, { amount: '60' });
    expect(part.statusCode, part.body).toBe(200);
    const [first] = await refundMails(order.id);
    expect(first).toMatchObject({
      kind: 'order_refunded',
      language: 'de',
      toAddress: 'anna@example.com',
      subject: `Rückerstattung zu Buchung ${order.number} – Gutschrift`,
      attachments: [{ kind: 'credit_note', orderId: order.id, creditNote: 1 }],
    });
    const text = plainText(first!.textBody);
    expect(text).toContain(`Atelier Blau hat Ihnen CHF 60.00 Ihrer Buchung ${order.number} zurückerstattet (eine Teilrückerstattung).`);
    expect(text).toContain('Bezahlt: CHF 480.00');
    expect(text).toContain('Zurückerstattet: CHF 60.00');
    expect(text).toContain('Verbleibend: CHF 420.00');
    expect(text).toContain(`Die Gutschrift ${order.number}-1 finden Sie im Anhang.`);

    // The attachment as the mail carries it: the credit note, rendered in a PDF worker.
    const pdf = await attachment(vat.team.id, first!.attachments[0]);
    expect(pdf).toMatchObject({ filename: `credit-note-${order.number}-1.pdf`, contentType: 'application/pdf' });
    const doc = plainText(await pdfTextOf(pdf.content));
    expect(doc).toContain(`Gutschrift ${order.number}-1`);
    expect(doc).toContain(`Teilweise Rückerstattung der Bestellung ${order.number}`);
    expect(doc).toContain('2 × Aquarell-Kurs');
    expect(doc).toContain('CHF 60.00');
    // The VAT in CHF 60 of the order's CHF 35.97 (8.1 % of 480 included): 60/480 of it.
    expect(doc).toMatch(/inkl\. 8\.1 % MWST CHF 4\.50/);
    expect(doc).toContain('CHE-123.456.788 MWST');
    expect(doc).toMatch(/Verbleibend\s*CHF 420\.00/);
    expect(doc).toContain('Atelier Blau zahlt Ihnen den Betrag zurück.');
    expect((await pdfFonts(pdf.content)).every((f) => f.embedded)).toBe(true);

    const rest = await refund(vat, order.id);
    expect(rest.statusCode, rest.body).toBe(200);
    const mails = await refundMails(order.id);
    expect(mails).toHaveLength(2);
    expect(mails[1]).toMatchObject({
      subject: `Rückerstattung zu Buchung ${order.number} – Gutschrift`,
      attachments: [{ kind: 'credit_note', orderId: order.id, creditNote: 2 }],
    });
    expect(plainText(mails[1]!.textBody)).toContain('Die Buchung ist damit vollständig erstattet');
    expect(plainText(mails[1]!.textBody)).toContain('Verbleibend: CHF 0.00');
    const second = plainText(await pdfTextOf((await attachment(vat.team.id, mails[1]!.attachments[0])).content));
    expect(second).toContain(`Vollständige Rückerstattung der Bestellung ${order.number}`);
    expect(second).toContain('CHF 420.00');
    expect(second).toMatch(/Zurückerstattet\s*−CHF 480\.00/);
  });

  it('serves the credit notes on the order link and to staff, and the order shows paid, refunded and remaining', async () => {
    const { order } = await makeOrder(db, vat.team.id, {
      ticketId: vatTicketId,
      participants: two,
      paymentType: 'invoice',
      language: 'en',
    });
    expect((await refund(vat, order.id, { amount: '60' })).statusCode).toBe(200);
    const token = encodeURIComponent(orderToken(app.deps.config, order));
    const customer = new TestClient(app);

    const page = await customer.get(`/api/public/orders/${order.publicId}?token=${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data).toMatchObject({
      payment_status: 'partially-refunded',
      total: 480,
      paid: 480,
      refunded: 60,
      remaining: 420,
      credit_notes: [{ index: 1, number: `${order.number}-1`, amount: 60, created_at: expect.any(String) }],
    });

    const pub = await customer.get(`/api/public/orders/${order.publicId}/credit-notes/1.pdf?token=${token}`);
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.headers['content-type']).toBe('application/pdf');
    expect(pub.headers['content-disposition']).toBe(`inline; filename="credit-note-${order.number}-1.pdf"`);
    const text = plainText(await pdfTextOf(pub.rawPayload));
    expect(text).toContain(`Credit note ${order.number}-1`);
    expect(text).toContain(`Partial refund of order ${order.number}`);
    expect(text).toMatch(/incl\. 8\.1 % VAT CHF 4\.50/);

    const staffPdf = await vat.client.get(`/api/orders/${order.id}/credit-notes/1.pdf`);
    expect(staffPdf.statusCode, staffPdf.body).toBe(200);
    expect(staffPdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const detail = await vat.client.get(`/api/orders/${order.id}`);
    expect(detail.json().data.credit_notes).toEqual([expect.objectContaining({ index: 1, number: `${order.number}-1` })]);

    // No second refund yet; a wrong token; another company's staff: 404.
    expect((await customer.get(`/api/public/orders/${order.publicId}/credit-notes/2.pdf?token=${token}`)).statusCode).toBe(404);
    expect((await customer.get(`/api/public/orders/${order.publicId}/credit-notes/1.pdf?token=nope`)).statusCode).toBe(404);
    expect((await plain.client.get(`/api/orders/${order.id}/credit-notes/1.pdf`)).statusCode).toBe(404);
  });
});

describe('a team not registered for VAT', () => {
  it.each(['fr', 'en', 'de'] as Language[])('mails its credit note in the order’s language (%s) without any VAT', async (language) => {
    const { order } = await makeOrder(db, plain.team.id, { ticketId: plainTicketId, participants: two, paymentType: 'invoice', language });
    expect((await refund(plain, order.id, { amount: 120 })).statusCode).toBe(200);
    const [mail] = await refundMails(order.id);
    const words = {
      fr: {
        subject: `Remboursement de la réservation ${order.number} – note de crédit`,
        title: 'Note de crédit',
        remaining: 'Restant 360.00 CHF',
      },
      en: { subject: `Refund for booking ${order.number} – credit note`, title: 'Credit note', remaining: 'Remaining CHF 360.00' },
      de: { subject: `Rückerstattung zu Buchung ${order.number} – Gutschrift`, title: 'Gutschrift', remaining: 'Verbleibend CHF 360.00' },
    }[language];
    expect(mail).toMatchObject({ language, subject: words.subject });
    const doc = plainText(await pdfTextOf((await attachment(plain.team.id, mail!.attachments[0])).content));
    expect(doc).toContain(`${words.title} ${order.number}-1`);
    expect(doc).toContain(words.remaining);
    expect(doc).not.toMatch(/VAT|MWST|TVA/);
  });
});
