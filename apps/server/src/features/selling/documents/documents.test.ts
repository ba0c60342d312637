import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { calculateQRReferenceChecksum, isQRReferenceValid, isSCORReferenceValid } from 'swissqrbill/utils';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { locations, orderProducts, orders, teams, teamSellingSettings } from '../../../db/schema/index.ts';
import { createMemoryRateLimiter } from '../../../lib/rate-limit.ts';
import { LIMITS } from '../../../plugins/rate-limit.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { inDays, makeActivity, makeSession, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeOrder, type MakeOrderOptions } from '../../../test/selling-factories.ts';
import { checkinUrl, orderToken, type LinkedOrder } from '../orders/index.ts';
import { pdfText } from './format.ts';
import {
  creditorReference,
  formatReference,
  isValidCreditorReference,
  isValidQrReference,
  mod10RecursiveCheckDigit,
  orderCreditorReference,
  qrReference,
} from './payment-reference.ts';
import { drawnQrMatrices, pageCount, pdfTextOf } from './pdf-inspect.ts';
import { qrCodeOf } from './pdf.ts';

describe('payment references', () => {
  it('computes the recursive modulo 10 check digit of the Swiss implementation guidelines', () => {
    // SIX IG QR-bill example: 21 00000 00003 13947 14300 09017.
    expect(mod10RecursiveCheckDigit('21000000000313947143000901')).toBe(7);
    expect(isValidQrReference('21 00000 00003 13947 14300 09017')).toBe(true);
    expect(isValidQrReference('21 00000 00003 13947 14300 09018')).toBe(false);
    expect(isValidQrReference('21 00000 00003 13947 14300 0901')).toBe(false);
    expect(isValidQrReference('000000000000000000000000000')).toBe(false);
    expect(isValidQrReference('210000000003139471430009017')).toBe(true);
    // The same digits as an independent implementation (swissqrbill) for many bodies.
    for (let n = 1; n < 3000; n += 7) {
      const body = String(n * 7919).padStart(26, '0');
      expect(String(mod10RecursiveCheckDigit(body))).toBe(calculateQRReferenceChecksum(body));
    }
    for (let d = 0; d < 10; d++) if (d !== 7) expect(isValidQrReference(`21000000000313947143000901${d}`)).toBe(false);
  });

  it('builds QR references from order numbers that the QR-bill library accepts', () => {
    expect(qrReference(1)).toBe('000000000000000000000000011');
    expect(qrReference(1234)).toBe('000000000000000000000012347');
    for (const n of [1, 42, 99, 1000, 123456, 2_147_483_647]) {
      const ref = qrReference(n);
      expect(ref).toMatch(/^\d{27}$/);
      expect(isValidQrReference(ref)).toBe(true);
      expect(isQRReferenceValid(ref)).toBe(true); // an independent implementation agrees
    }
    expect(() => qrReference(0)).toThrow(RangeError);
    expect(formatReference('210000000003139471430009017')).toBe('21 00000 00003 13947 14300 09017');
  });

  it('builds ISO 11649 creditor references (SCOR)', () => {
    expect(creditorReference('539007547034')).toBe('RF18539007547034');
    expect(isValidCreditorReference('RF18 5390 0754 7034')).toBe(true);
    expect(isValidCreditorReference('RF19 5390 0754 7034')).toBe(false);
    expect(isValidCreditorReference('RF18 5390 0754 7035')).toBe(false);
    expect(formatReference('RF18539007547034')).toBe('RF18 5390 0754 7034');
    for (const n of [1, 42, 1000, 2_147_483_647]) {
      const ref = orderCreditorReference(n);
      expect(ref.endsWith(String(n))).toBe(true);
      expect(isValidCreditorReference(ref)).toBe(true);
      expect(isSCORReferenceValid(ref)).toBe(true);
    }
  });
});

describe('text for the PDF standard fonts', () => {
  it('keeps Latin-1 and WinAnsi characters and simplifies the rest', () => {
    expect(pdfText('Zoë Müller – Genève, 12’345.50 €')).toBe('Zoë Müller – Genève, 12’345.50 €');
    expect(pdfText('Łukasz Čapek, Ğ')).toBe('Lukasz Capek, G');
    expect(pdfText('山田\u202f太郎\u0007')).toBe('?? ??');
  });
});

// ─── The documents through their routes ─────────────────────────────────────

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let a: Staff;
let other: Staff;
let dataDir: string;
/** A course (five dates, a location) and a ticket for it; an event date with its own ticket. */
let courseTicketId: number;
let eventTicketId: number;
let eventStart: Date;
const logLines: string[] = [];
/** The rate limiter's clock: each test starts in a fresh window (downloads are limited per IP, documents-pool.test.ts). */
let clock = Date.now();
beforeEach(() => {
  clock += LIMITS.documentDownloadsPerIp.windowMs + 1000;
});

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bookla-docs-'));
  const logStream = new Writable({
    write(chunk: Buffer, _enc, done) {
      logLines.push(chunk.toString());
      done();
    },
  });
  t = await buildTestApp({ config: { dataDir, logLevel: 'info' }, logStream, limiter: createMemoryRateLimiter(() => clock) });
  app = t.app;
  db = app.deps.db;
  a = await owner(app, { teamName: 'Atelier Sonnenberg' });
  other = await owner(app);
  const [location] = await db
    .insert(locations)
    .values({
      teamId: a.team.id,
      name: { de: 'Studio Nord', en: 'Studio North' },
      address: 'Seestrasse 12',
      postalCode: '8002',
      city: 'Zürich',
      country: 'CH',
    })
    .returning();
  const course = await makeActivity(db, a.team.id, {
    kind: 'course',
    name: { de: 'Töpfern für Anfänger', en: 'Pottery for beginners' },
    locationId: location!.id,
  });
  for (let week = 0; week < 5; week++) await makeSession(db, a.team.id, course.id, inDays(7 + 7 * week, 17), { minutes: 90 });
  courseTicketId = (
    await makeTicket(db, a.team.id, course.id, {
      priceMinor: 24000,
      taxRateBp: 810,
      stock: 100,
      name: { de: 'Kursplatz', en: 'Course seat' },
    })
  ).id;
  const event = await makeActivity(db, a.team.id, { kind: 'event', name: { de: 'Konzert', en: 'Concert' }, locationId: location!.id });
  eventStart = inDays(10, 18);
  const session = await makeSession(db, a.team.id, event.id, eventStart, { minutes: 120 });
  eventTicketId = (await makeTicket(db, a.team.id, event.id, { sessionId: session.id, priceMinor: 3500, taxRateBp: 810, stock: 100 })).id;

  // A logo, stored as the logo upload stores it.
  const logoDir = join(dataDir, 'uploads', 'teams', String(a.team.id));
  mkdirSync(logoDir, { recursive: true });
  const logo = await sharp({ create: { width: 200, height: 80, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 1 } } })
    .webp()
    .toBuffer();
  writeFileSync(join(logoDir, 'logo-test.webp'), logo);
  await db
    .update(teams)
    .set({ logoPath: join('uploads', 'teams', String(a.team.id), 'logo-test.webp') })
    .where(eq(teams.id, a.team.id));
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const publicClient = () => new TestClient(app);
const order = (opts: Omit<MakeOrderOptions, 'ticketId'> & { ticketId?: number }, teamId = a.team.id) =>
  makeOrder(db, teamId, { ticketId: courseTicketId, ...opts });
const publicPdf = (o: LinkedOrder, file: string, token: string | null = orderToken(app.deps.config, o)) =>
  publicClient().get(`/api/public/orders/${o.publicId}/${file}${token === null ? '' : `?token=${encodeURIComponent(token)}`}`);
const settings = (values: Partial<typeof teamSellingSettings.$inferInsert>) =>
  db
    .insert(teamSellingSettings)
    .values({ teamId: a.team.id, invoiceEnabled: true, ...values })
    .onConflictDoUpdate({ target: teamSellingSettings.teamId, set: { iban: null, qrIban: null, vatNumber: null, ...values } });

describe('GET /api/public/orders/:id/tickets.pdf', () => {
  it('serves one A6 page per participant with the QR code of its check-in URL', async () => {
    const made = await order({
      participants: [
        { firstname: 'Lea', lastname: 'Keller' },
        { firstname: 'Marc', lastname: 'Frei' },
        { firstname: 'Zoë', lastname: 'Łukasiewicz' },
      ],
      paymentStatus: 'paid',
      language: 'de',
    });
    const res = await publicPdf(made.order, 'tickets.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`inline; filename="tickets-${made.order.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(3);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 297.64 419.53]'); // A6
    expect(pdf.toString('latin1')).toContain('/Subtype /Image'); // the team's (WebP) logo, embedded as PNG

    const text = pdfTextOf(pdf);
    for (const name of ['Lea Keller', 'Marc Frei', 'Zoë Lukasiewicz']) expect(text).toContain(name);
    expect(text).toContain('Atelier Sonnenberg');
    expect(text).toContain('Töpfern für Anfänger');
    expect(text).toContain('Kursplatz');
    expect(text).toContain(`Nr. ${made.order.number}`);
    expect(text).toContain('Studio Nord');
    expect(text).toContain('Seestrasse 12');
    expect(text).toContain('8002 Zürich');
    // Five dates: first to last with the count, in the team's time zone (17:00 UTC = 18:00/19:00 in Zurich).
    expect(text).toMatch(/\d\d\.\d\d\.\d{4}, (18|19):00 bis .+\(5 Termine\)/);
    for (const p of made.participants) expect(text).toContain(p.ticketCode);

    // The drawn QR codes are exactly those of the participants' check-in URLs, in page order.
    const urls = made.participants.map((p) => checkinUrl(app.deps.config, p.ticketCode));
    expect(urls[0]).toBe(`http://localhost:3000/ticket/${made.participants[0]!.ticketCode}/checkin`);
    const expected = urls.map((url) => {
      const qr = qrCodeOf(url);
      // The encoder may split the text into numeric, alphanumeric and byte segments: read them all.
      const text = (qr.segments as unknown as { data: Uint8Array | string }[])
        .map((segment) => (typeof segment.data === 'string' ? segment.data : new TextDecoder().decode(segment.data)))
        .join('');
      expect(text).toBe(url);
      const n = qr.modules.size;
      return Array.from({ length: n }, (_, row) => Array.from({ length: n }, (_, col) => (qr.modules.get(row, col) ? 1 : 0)));
    });
    expect(drawnQrMatrices(pdf)).toEqual(expected);
  });

  it('shows a single date for an event ticket, in the order language', async () => {
    const made = await order({
      ticketId: eventTicketId,
      paymentStatus: 'free',
      language: 'en',
      participants: [{ firstname: 'Ann', lastname: 'Lee' }],
    });
    const res = await publicPdf(made.order, 'tickets.pdf');
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfTextOf(res.rawPayload);
    expect(pageCount(res.rawPayload)).toBe(1);
    expect(text).toContain('Concert');
    expect(text).toContain('Participant');
    const day = new Intl.DateTimeFormat('en-GB', {
      weekday: 'short',
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      timeZone: 'Europe/Zurich',
    }).format(eventStart);
    const time = new Intl.DateTimeFormat('en-GB', {
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
      timeZone: 'Europe/Zurich',
    }).format(eventStart);
    expect(text).toContain(`${day}, ${time}–`);
    expect(text).not.toContain('dates)');
  });

  it('answers 404 for a wrong, missing or another order’s token, and logs no token', async () => {
    const made = await order({ paymentStatus: 'paid' });
    const otherOrder = await order({ paymentStatus: 'paid' });
    for (const token of ['wrong', null, orderToken(app.deps.config, otherOrder.order), '']) {
      const res = await publicPdf(made.order, 'tickets.pdf', token);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: expect.any(String) });
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    const unknown = await publicPdf({ publicId: randomUUID(), linkVersion: 0 }, 'tickets.pdf');
    expect(unknown.statusCode).toBe(404);
    expect((await publicPdf(made.order, 'tickets.pdf')).statusCode).toBe(200);
    expect(logLines.join('')).not.toContain(orderToken(app.deps.config, made.order));
  });

  it('answers 409 until the order is paid, and after it was cancelled or refunded', async () => {
    const waiting = await order({ paymentStatus: 'waiting' });
    const res = await publicClient().get(
      `/api/public/orders/${waiting.order.publicId}/tickets.pdf?token=${orderToken(app.deps.config, waiting.order)}`,
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'The tickets are available once the payment has arrived.', code: 'TICKET_UNPAID' });
    for (const status of ['cancelled', 'expired', 'refunded'] as const) {
      const ended = await order({ paymentStatus: status });
      const r = await publicPdf(ended.order, 'tickets.pdf');
      expect(r.statusCode).toBe(409);
      expect(r.json().code).toBe('TICKET_CANCELLED');
    }
    const partly = await order({ paymentStatus: 'partially-refunded' });
    expect((await publicPdf(partly.order, 'tickets.pdf')).statusCode).toBe(200);
  });
});

describe('API description', () => {
  it('lists the document routes', async () => {
    const doc = (await app.inject('/api/docs')).json();
    for (const file of ['tickets', 'invoice', 'receipt']) {
      expect(Object.keys(doc.paths)).toContain(`/api/public/orders/{id}/${file}.pdf`);
      expect(Object.keys(doc.paths)).toContain(`/api/orders/{id}/${file}.pdf`);
    }
  });
});

describe('GET /api/orders/:id/*.pdf (staff)', () => {
  it('serves the documents of the own team and 404 for another team’s order', async () => {
    const made = await order({ paymentStatus: 'paid', paymentType: 'stripe' });
    const own = await a.client.get(`/api/orders/${made.order.id}/tickets.pdf`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(pageCount(own.rawPayload)).toBe(1);
    const receipt = await a.client.get(`/api/orders/${made.order.id}/receipt.pdf`);
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-disposition']).toBe(`inline; filename="receipt-${made.order.number}.pdf"`);
    for (const file of ['tickets.pdf', 'invoice.pdf', 'receipt.pdf']) {
      const res = await other.client.get(`/api/orders/${made.order.id}/${file}`);
      expect(res.statusCode).toBe(404);
    }
    expect((await publicClient().get(`/api/orders/${made.order.id}/tickets.pdf`)).statusCode).toBe(401);
  });

  it('needs the orders permission (an instructor has none)', async () => {
    const made = await order({ paymentStatus: 'paid' });
    const instructor = await staff(app, a.team, 'instructor');
    expect((await instructor.client.get(`/api/orders/${made.order.id}/tickets.pdf`)).statusCode).toBe(403);
    const editor = await staff(app, a.team, 'editor');
    expect((await editor.client.get(`/api/orders/${made.order.id}/tickets.pdf`)).statusCode).toBe(200);
  });
});

describe('invoice and receipt', () => {
  it('puts a Swiss QR-bill with a QR reference under an open invoice with a QR-IBAN', async () => {
    await settings({ qrIban: 'CH44 3199 9123 0008 8901 2', vatNumber: 'CHE-123.456.789 MWST', chargesVat: true });
    const made = await order({
      paymentStatus: 'waiting',
      paymentType: 'invoice',
      participants: [
        { firstname: 'Lea', lastname: 'Keller' },
        { firstname: 'Marc', lastname: 'Frei' },
      ],
    });
    const res = await publicPdf(made.order, 'invoice.pdf');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`inline; filename="invoice-${made.order.number}.pdf"`);
    const text = pdfTextOf(res.rawPayload);
    expect(text).toContain(`Rechnung ${made.order.number}`);
    expect(text).toContain('Atelier Sonnenberg');
    expect(text).toContain('MWST-Nr. CHE-123.456.789 MWST');
    expect(text).toContain('Anna Muster');
    expect(text).toContain('Teilnehmende: Lea Keller, Marc Frei');
    expect(text).toContain('Töpfern für Anfänger – Kursplatz');
    expect(text).toContain('CHF 480.00');
    // 480.00 incl. 8.1 %: 480 × 8.1 / 108.1 = 35.97
    expect(text).toContain('inkl. 8.1 % MWST CHF 35.97');
    expect(text).toContain('Zahlteil');
    expect(text).toContain('CH44 3199 9123 0008 8901 2');
    expect(text).toContain(formatReference(qrReference(made.order.number)));
    expect(text).toContain('480.00');
  });

  it('continues long invoices on further pages and gives the QR-bill a page of its own when the last one is full', async () => {
    await settings({ qrIban: 'CH44 3199 9123 0008 8901 2' });
    const made = await order({ paymentStatus: 'waiting', paymentType: 'invoice' });
    const extras = Array.from({ length: 55 }, (_, i) => ({
      teamId: a.team.id,
      orderId: made.order.id,
      name: { de: `Zusatz ${i + 1}` },
      unitPriceMinor: 100,
      quantity: 1,
      totalMinor: 100,
      taxRateBp: 810,
      taxMinor: 7,
    }));
    await db.insert(orderProducts).values(extras);
    const pdf = (await publicPdf(made.order, 'invoice.pdf')).rawPayload;
    const text = pdfTextOf(pdf);
    expect(pageCount(pdf)).toBe(3);
    expect(text).toContain('Zusatz 55');
    expect(text.match(/Beschreibung/g)).toHaveLength(2); // the table header again on page 2
    expect(text).toContain(`Zahlteil zur Rechnung ${made.order.number} von Atelier Sonnenberg`);
    expect(text.indexOf('Zahlteil zur Rechnung')).toBeLessThan(text.indexOf('Empfangsschein'));
  });

  it('uses a creditor reference with an ordinary IBAN, and says how to pay without one', async () => {
    await settings({ iban: 'CH93 0076 2011 6238 5295 7' });
    const withIban = await order({ paymentStatus: 'waiting', paymentType: 'invoice', language: 'en' });
    const text = pdfTextOf((await publicPdf(withIban.order, 'invoice.pdf')).rawPayload);
    expect(text).toContain(`Invoice ${withIban.order.number}`);
    expect(text).toContain('Payment part');
    expect(text).toContain(formatReference(orderCreditorReference(withIban.order.number)));
    expect(text).toContain('incl. 8.1 % VAT CHF 17.98 (on CHF 240.00)'); // 240 × 8.1 / 108.1 = 17.98
    expect(text).not.toContain('VAT no.');

    await settings({});
    const without = await order({ paymentStatus: 'waiting', paymentType: 'invoice', language: 'fr' });
    const res = await publicPdf(without.order, 'invoice.pdf');
    expect(res.statusCode).toBe(200);
    const plain = pdfTextOf(res.rawPayload).replace(/\s+/g, ' ');
    expect(plain).toContain(`Facture ${without.order.number}`);
    expect(plain).toContain('vous communiquera les informations de paiement');
    expect(plain).not.toContain('Section paiement');
  });

  it('leaves the QR-bill out for a team outside CH/LI and names the account instead', async () => {
    await settings({ iban: 'DE89 3704 0044 0532 0130 00' });
    await db.update(teams).set({ billingCountry: 'DE' }).where(eq(teams.id, a.team.id));
    try {
      const made = await order({ paymentStatus: 'waiting', paymentType: 'invoice' });
      const text = pdfTextOf((await publicPdf(made.order, 'invoice.pdf')).rawPayload);
      expect(text).not.toContain('Zahlteil');
      expect(text).toContain('IBAN: DE89 3704 0044 0532 0130 00');
      expect(text).toContain(`Referenz: ${formatReference(orderCreditorReference(made.order.number))}`);
    } finally {
      await db.update(teams).set({ billingCountry: 'CH' }).where(eq(teams.id, a.team.id));
    }
  });

  it('answers 409 for an invoice of an order not paid by invoice or cancelled, and a receipt of an unpaid order', async () => {
    const online = await order({ paymentStatus: 'paid', paymentType: 'stripe' });
    expect((await publicPdf(online.order, 'invoice.pdf')).statusCode).toBe(409);
    const cancelled = await order({ paymentStatus: 'cancelled', paymentType: 'invoice' });
    expect((await publicPdf(cancelled.order, 'invoice.pdf')).statusCode).toBe(409);
    const waiting = await order({ paymentStatus: 'waiting', paymentType: 'invoice' });
    expect((await publicPdf(waiting.order, 'receipt.pdf')).statusCode).toBe(409);
    const free = await order({ ticketId: eventTicketId, paymentStatus: 'free' });
    await db.update(orders).set({ totalMinor: 0, paymentType: 'free' }).where(eq(orders.id, free.order.id));
    expect((await publicPdf(free.order, 'receipt.pdf')).statusCode).toBe(409);
    expect((await publicPdf(online.order, 'receipt.pdf', 'nope')).statusCode).toBe(404);
  });

  it('writes a receipt for a paid order, and a paid invoice without a payment part', async () => {
    await settings({ qrIban: 'CH44 3199 9123 0008 8901 2' });
    const made = await order({ paymentStatus: 'paid', paymentType: 'stripe', language: 'fr' });
    const res = await publicPdf(made.order, 'receipt.pdf');
    expect(res.statusCode).toBe(200);
    const text = pdfTextOf(res.rawPayload);
    expect(text).toContain(`Quittance ${made.order.number}`);
    expect(text).toContain('Paiement en ligne');
    expect(text).toContain('Payé le');
    expect(text).not.toContain('Section paiement');

    const paidInvoice = await order({ paymentStatus: 'paid', paymentType: 'invoice' });
    const invoice = pdfTextOf((await publicPdf(paidInvoice.order, 'invoice.pdf')).rawPayload);
    expect(invoice).toContain('Diese Rechnung wurde am');
    expect(invoice).not.toContain('Zahlteil');
  });
});

describe('test-mode orders (issue 20 item 3)', () => {
  it('mark every ticket and the receipt TEST; a real order of the same kind carries no mark', async () => {
    const made = await order({
      paymentStatus: 'paid',
      paymentType: 'test',
      language: 'en',
      participants: [
        { firstname: 'Tara', lastname: 'Tester' },
        { firstname: 'Tim', lastname: 'Tester' },
      ],
    });
    await db.update(orders).set({ isTest: true }).where(eq(orders.id, made.order.id));
    const mark = 'TEST – test order: no real money, not valid for entry';

    const tickets = await publicPdf(made.order, 'tickets.pdf');
    expect(tickets.statusCode).toBe(200);
    expect(pageCount(tickets.rawPayload)).toBe(2);
    // On each ticket (one page per participant).
    expect(pdfTextOf(tickets.rawPayload).split(mark)).toHaveLength(3);
    const receipt = await publicPdf(made.order, 'receipt.pdf');
    expect(receipt.statusCode).toBe(200);
    expect(pdfTextOf(receipt.rawPayload)).toContain(mark);
    // The staff's copies too.
    const staffReceipt = await a.client.get(`/api/orders/${made.order.id}/receipt.pdf`);
    expect(pdfTextOf(staffReceipt.rawPayload)).toContain(mark);

    const real = await order({ paymentStatus: 'paid', paymentType: 'stripe', language: 'en' });
    expect(pdfTextOf((await publicPdf(real.order, 'tickets.pdf')).rawPayload)).not.toContain('TEST');
    expect(pdfTextOf((await publicPdf(real.order, 'receipt.pdf')).rawPayload)).not.toContain('TEST');
  });
});
