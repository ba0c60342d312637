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
import { validateSwissQrPayload } from '../../../test/swiss-qr-validator.ts';
import { makeOrder, type MakeOrderOptions } from '../../../test/selling-factories.ts';
import { orderToken, type LinkedOrder } from '../orders/index.ts';
import { checkinUrl } from './tickets-pdf.ts';
import {
  creditorReference,
  formatReference,
  isValidCreditorReference,
  isValidQrReference,
  mod10RecursiveCheckDigit,
  orderCreditorReference,
  qrReference,
} from './payment-reference.ts';
import { cornerBoxes, drawnQrMatrices, pageCount, pdfFonts, pdfTextOf, swissQrPayloads } from './pdf-inspect.ts';
import { qrCodeOf } from './pdf.ts';
import { pdfText } from './pdf-fonts.ts';
import { fitField, qrText, splitStreet } from './qr-bill.ts';

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

describe('text for the embedded fonts', () => {
  it('keeps what the fonts show, leaves pictographs out and shows what they lack as a visible replacement', () => {
    expect(pdfText('Zoë Müller – Genève, 12’345.50 €')).toBe('Zoë Müller – Genève, 12’345.50 €');
    expect(pdfText('Łukasz Wałęsa-Dvořák, Ğ, Ș ț, Ωμέγα, Жанна, © ™')).toBe('Łukasz Wałęsa-Dvořák, Ğ, Ș ț, Ωμέγα, Жанна, © ™');
    // Emoji (with joiners, skin tones, variation selectors), flags and keycaps go, and so does the space they leave.
    expect(pdfText('Yoga 🧘🏽‍♀️ Studio 🇨🇭 ❤️')).toBe('Yoga Studio');
    expect(pdfText('Zoë 🌸\nAnna')).toBe('Zoë\nAnna');
    expect(pdfText('Room 1️⃣')).toBe('Room 1');
    // Letters without a glyph lose their accents where the base letter has one; other scripts show "�".
    expect(pdfText('山田\u202f太郎\u0007')).toBe('\ufffd\ufffd \ufffd\ufffd');
    expect(pdfText('Zoë\u00a0Keller\u200b')).toBe('Zoë\u00a0Keller');
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
  const logoDir = join(dataDir, 'storage', 'logos', String(a.team.id));
  mkdirSync(logoDir, { recursive: true });
  const logo = await sharp({ create: { width: 200, height: 80, channels: 4, background: { r: 200, g: 80, b: 40, alpha: 1 } } })
    .webp()
    .toBuffer();
  writeFileSync(join(logoDir, 'logo-test.webp'), logo);
  await db
    .update(teams)
    .set({ logoPath: `logos/${a.team.id}/logo-test.webp` })
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
/** The QR-bill's payload, decoded from the PDF, is valid by the implementation guidelines (test/swiss-qr-validator.ts). */
const validQrBillPayload = (pdf: Buffer) => {
  const payloads = swissQrPayloads(pdf);
  expect(payloads).toHaveLength(1);
  const { errors, fields } = validateSwissQrPayload(payloads[0]!);
  expect(errors).toEqual([]);
  return fields;
};
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
    // Opened in the browser's viewer: a document's security headers, not the API's (decision 036).
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(res.headers['content-disposition']).toBe(`inline; filename="tickets-${made.order.number}.pdf"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pageCount(pdf)).toBe(3);
    expect(pdf.toString('latin1')).toContain('/MediaBox [0 0 297.64 419.53]'); // A6
    expect(pdf.toString('latin1')).toContain('/Subtype /Image'); // the team's (WebP) logo, embedded as PNG

    const text = await pdfTextOf(pdf);
    for (const name of ['Lea Keller', 'Marc Frei', 'Zoë Łukasiewicz']) expect(text).toContain(name);
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
    const text = await pdfTextOf(res.rawPayload);
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
    const text = await pdfTextOf(res.rawPayload);
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
    expect(validQrBillPayload(res.rawPayload)).toMatchObject({ Amt: '480.00', Ccy: 'CHF', Tp: 'QRR', 'Cdtr.Name': 'Atelier Sonnenberg' });
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
    const text = await pdfTextOf(pdf);
    expect(pageCount(pdf)).toBe(3);
    expect(text).toContain('Zusatz 55');
    expect(text.match(/Beschreibung/g)).toHaveLength(2); // the table header again on page 2
    expect(text).toContain(`Zahlteil zur Rechnung ${made.order.number} von Atelier Sonnenberg`);
    expect(text.indexOf('Zahlteil zur Rechnung')).toBeLessThan(text.indexOf('Empfangsschein'));
    expect(validQrBillPayload(pdf)).toMatchObject({ Amt: '240.00', Tp: 'QRR' });
  });

  it('uses a creditor reference with an ordinary IBAN, and says how to pay without one', async () => {
    await settings({ iban: 'CH93 0076 2011 6238 5295 7' });
    const withIban = await order({ paymentStatus: 'waiting', paymentType: 'invoice', language: 'en' });
    const withIbanPdf = (await publicPdf(withIban.order, 'invoice.pdf')).rawPayload;
    const text = await pdfTextOf(withIbanPdf);
    expect(validQrBillPayload(withIbanPdf)).toMatchObject({
      IBAN: 'CH9300762011623852957',
      Tp: 'SCOR',
      Ustrd: `Invoice ${withIban.order.number}`,
    });
    expect(text).toContain(`Invoice ${withIban.order.number}`);
    expect(text).toContain('Payment part');
    expect(text).toContain(formatReference(orderCreditorReference(withIban.order.number)));
    expect(text).toContain('incl. 8.1 % VAT CHF 17.98 (on CHF 240.00)'); // 240 × 8.1 / 108.1 = 17.98
    expect(text).not.toContain('VAT no.');

    await settings({});
    const without = await order({ paymentStatus: 'waiting', paymentType: 'invoice', language: 'fr' });
    const res = await publicPdf(without.order, 'invoice.pdf');
    expect(res.statusCode).toBe(200);
    const plain = (await pdfTextOf(res.rawPayload)).replace(/\s+/g, ' ');
    expect(plain).toContain(`Facture ${without.order.number}`);
    expect(plain).toContain('vous communiquera les informations de paiement');
    expect(plain).not.toContain('Section paiement');
  });

  it('leaves the QR-bill out for a team outside CH/LI and names the account instead', async () => {
    await settings({ iban: 'DE89 3704 0044 0532 0130 00' });
    await db.update(teams).set({ billingCountry: 'DE' }).where(eq(teams.id, a.team.id));
    try {
      const made = await order({ paymentStatus: 'waiting', paymentType: 'invoice' });
      const text = await pdfTextOf((await publicPdf(made.order, 'invoice.pdf')).rawPayload);
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
    const text = await pdfTextOf(res.rawPayload);
    expect(text).toContain(`Quittance ${made.order.number}`);
    expect(text).toContain('Paiement en ligne');
    expect(text).toContain('Payé le');
    expect(text).not.toContain('Section paiement');

    const paidInvoice = await order({ paymentStatus: 'paid', paymentType: 'invoice' });
    const invoice = await pdfTextOf((await publicPdf(paidInvoice.order, 'invoice.pdf')).rawPayload);
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
    expect((await pdfTextOf(tickets.rawPayload)).split(mark)).toHaveLength(3);
    const receipt = await publicPdf(made.order, 'receipt.pdf');
    expect(receipt.statusCode).toBe(200);
    expect(await pdfTextOf(receipt.rawPayload)).toContain(mark);
    // The staff's copies too.
    const staffReceipt = await a.client.get(`/api/orders/${made.order.id}/receipt.pdf`);
    expect(await pdfTextOf(staffReceipt.rawPayload)).toContain(mark);

    const real = await order({ paymentStatus: 'paid', paymentType: 'stripe', language: 'en' });
    expect(await pdfTextOf((await publicPdf(real.order, 'tickets.pdf')).rawPayload)).not.toContain('TEST');
    expect(await pdfTextOf((await publicPdf(real.order, 'receipt.pdf')).rawPayload)).not.toContain('TEST');
  });
});

describe('fonts (issue 22 item 15)', () => {
  it('embeds every font as a subset, shows names beyond WinAnsi as typed, and leaves pictographs out instead of printing "?"', async () => {
    await settings({ qrIban: 'CH44 3199 9123 0008 8901 2' });
    await db.update(teams).set({ name: 'Yoga–Studio Łódź «Zen» 🧘' }).where(eq(teams.id, a.team.id));
    try {
      const participants = [
        { firstname: 'Łukasz', lastname: 'Wałęsa-Dvořák' },
        { firstname: 'Zoë 🌸', lastname: 'Ångström-Şahin' },
      ];
      const paid = await order({ paymentStatus: 'paid', paymentType: 'stripe', participants });
      const open = await order({ paymentStatus: 'waiting', paymentType: 'invoice', participants });
      const documents = {
        tickets: (await publicPdf(paid.order, 'tickets.pdf')).rawPayload,
        receipt: (await publicPdf(paid.order, 'receipt.pdf')).rawPayload,
        invoice: (await publicPdf(open.order, 'invoice.pdf')).rawPayload,
      };
      for (const [kind, pdf] of Object.entries(documents)) {
        const fonts = await pdfFonts(pdf);
        expect(fonts.length, kind).toBeGreaterThan(0);
        // As `pdffonts` would list them: each embedded, each a subset (ABCDEF+Name).
        for (const font of fonts) {
          expect(font.embedded, `${kind}: ${font.name}`).toBe(true);
          expect(font.name, kind).toMatch(/^[A-Z]{6}\+/);
        }
        const text = await pdfTextOf(pdf);
        expect(text, kind).toContain('Yoga–Studio Łódź «Zen»');
        expect(text, kind).not.toMatch(/[?\ufffd]/);
        expect(text, kind).not.toMatch(/\p{Extended_Pictographic}/u);
        if (kind === 'tickets') {
          expect(text).toContain('Łukasz Wałęsa-Dvořák');
          expect(text).toContain('Zoë Ångström-Şahin');
        } else expect(text.replace(/\s+/g, ' '), kind).toContain('Łukasz Wałęsa-Dvořák, Zoë Ångström-Şahin');
      }
      // The invoice's QR-bill is one of them: its payment part uses the embedded fonts too.
      expect(await pdfTextOf(documents.invoice)).toContain('Zahlteil');
    } finally {
      await db.update(teams).set({ name: 'Atelier Sonnenberg' }).where(eq(teams.id, a.team.id));
    }
  });
});

describe('Swiss QR-bill (issue 22 item 16)', () => {
  it('the validator written from the implementation guidelines accepts their example and finds what breaks them', () => {
    // The guidelines' example: QR-IBAN, QR reference, structured addresses of creditor and debtor.
    const example = [
      ...['SPC', '0200', '1', 'CH4431999123000889012'],
      ...['S', 'Robert Schneider AG', 'Rue du Lac', '1268', '2501', 'Biel', 'CH'],
      ...['', '', '', '', '', '', ''],
      ...['1949.75', 'CHF'],
      ...['S', 'Pia-Maria Rutschmann-Schnyder', 'Grosse Marktgasse', '28', '9400', 'Rorschach', 'CH'],
      ...['QRR', '210000000003139471430009017', 'Auftrag vom 15.06.2020', 'EPD'],
    ];
    const check = (lines: string[], join = '\n') => validateSwissQrPayload(lines.join(join)).errors;
    expect(check(example)).toEqual([]);
    expect(check(example, '\r\n')).toEqual([]);
    expect(validateSwissQrPayload(`${example.join('\n')}\n`).errors).toEqual([]);
    const broken = (index: number, value: string) => check(example.map((v, i) => (i === index ? value : v)));
    expect(broken(5, 'Robert Schneider – AG')).toEqual([expect.stringContaining('U+2013')]);
    expect(broken(5, 'Yoga 🧘')).toEqual([expect.stringContaining('U+1F9D8')]);
    expect(broken(5, 'Ștefan Țurcanu Łódź «Zen» €')).toEqual([]);
    expect(broken(5, 'x'.repeat(71))).toEqual([expect.stringContaining('at most 70')]);
    expect(broken(9, 'y'.repeat(36))).toEqual([expect.stringContaining('at most 35')]);
    expect(broken(8, '1'.repeat(17))).toEqual([expect.stringContaining('at most 16')]);
    expect(broken(7, '1'.repeat(17))).toEqual([expect.stringContaining('at most 16')]);
    expect(broken(3, 'CH4431999123000889013')).toEqual([expect.stringContaining('check digits')]);
    expect(broken(28, '210000000003139471430009018')).toEqual([expect.stringContaining('mod 10')]);
    expect(broken(3, 'CH9300762011623852957')).toEqual([expect.stringContaining('needs a QR-IBAN')]);
    expect(broken(18, '1,949.75')).toEqual([expect.stringContaining('Amt')]);
    expect(broken(18, '01949.75')).toEqual([expect.stringContaining('Amt')]);
    expect(broken(19, 'USD')).toEqual([expect.stringContaining('Ccy')]);
    expect(broken(4, 'X')).toEqual([expect.stringContaining('AdrTp')]);
    expect(broken(12, 'Someone')).toEqual([expect.stringContaining('UltmtCdtr.Name')]);
    expect(check(example.slice(0, 30))).toEqual(expect.arrayContaining([expect.stringContaining('elements: 30')]));
    // Combined address elements (type K): two address lines, no postal code or town of their own.
    expect(
      check([...example.slice(0, 4), 'K', 'Robert Schneider AG', 'Rue du Lac 1268', '2501 Biel', '', '', 'CH', ...example.slice(11)]),
    ).toEqual([]);
    expect(
      check([...example.slice(0, 4), 'K', 'Robert Schneider AG', 'Rue du Lac 1268', '2501 Biel', '2501', '', 'CH', ...example.slice(11)]),
    ).toEqual([expect.stringContaining('type K')]);
    // A creditor reference with an ordinary IBAN (EUR).
    const scor = [
      ...example.slice(0, 3),
      'CH9300762011623852957',
      ...example.slice(4, 19),
      'EUR',
      ...example.slice(20, 27),
      'SCOR',
      'RF18539007547034',
      'x',
      'EPD',
    ];
    expect(check(scor)).toEqual([]);
    expect(check(scor.map((v) => (v === 'RF18539007547034' ? 'RF19539007547034' : v)))).toEqual([expect.stringContaining('mod 97')]);
  });

  it('writes text in the permitted characters, splits street and number, and cuts fields after whole words', () => {
    expect(qrText('Yoga–Studio Łódź «Zen» 🧘')).toBe('Yoga-Studio Łódź «Zen»');
    expect(qrText('„Ștefan’s“ Atelier… ™ Ǎ Жанна\tZoë')).toBe('"Ștefan\'s" Atelier... TM A ..... Zoë');
    expect(splitStreet('Seestrasse 12a')).toEqual({ street: 'Seestrasse', building: '12a' });
    expect(splitStreet('Route de Berne 12-14')).toEqual({ street: 'Route de Berne', building: '12-14' });
    expect(splitStreet("5 Rue de l'Église")).toEqual({ street: "Rue de l'Église", building: '5' });
    expect(splitStreet('Postfach 123')).toEqual({ street: 'Postfach 123' });
    expect(splitStreet('Im Grund')).toEqual({ street: 'Im Grund' });
    expect(fitField('Saint-Légier-La Chiésaz an der Riviera', 35)).toBe('Saint-Légier-La Chiésaz an der');
    expect(fitField('Kurz', 35)).toBe('Kurz');
    expect(fitField('Verein, Tanz und Bewegung', 14)).toBe('Verein, Tanz');
    expect(fitField('Verein Donaudampfschifffahrtsgesellschaft', 20)).toBe('Verein Donaudampfsch');
  });

  const awkward = [
    {
      what: 'a dash, Polish letters, guillemets and an emoji in the name (CHF, QR-IBAN, QR reference)',
      currency: 'CHF',
      account: { qrIban: 'CH44 3199 9123 0008 8901 2' },
      team: { name: 'Yoga–Studio Łódź «Zen» 🧘', billingAddress: 'Hauptstrasse 12a', billingPostalCode: '8001', billingCity: 'Zürich' },
      expected: { name: 'Yoga-Studio Łódź «Zen»', street: 'Hauptstrasse', building: '12a', postalCode: '8001', town: 'Zürich' },
    },
    {
      what: 'a very long name, street, postal code and town (CHF, QR-IBAN)',
      currency: 'CHF',
      account: { qrIban: 'CH44 3199 9123 0008 8901 2' },
      team: {
        name: 'Verein für rhythmische Gymnastik, Tanz und Bewegung der Region Zürichsee–Oberland',
        billingAddress: 'Chemin du Lieutenant-Colonel Charles-Édouard Jeanneret-Gris et de la Grande Fontaine 1234b',
        billingPostalCode: 'CH-8001 Postfach 12',
        billingCity: 'Saint-Légier-La Chiésaz an der Riviera vaudoise',
      },
      expected: { building: '1234b' },
    },
    {
      what: 'typographic quotes, an ellipsis and a street number first (EUR, IBAN, creditor reference)',
      currency: 'EUR',
      account: { iban: 'CH93 0076 2011 6238 5295 7' },
      team: { name: '„Atelier ‚Ton‘ …“ – Keramik', billingAddress: '5 Rue de l’Église', billingPostalCode: '1204', billingCity: 'Genève' },
      expected: { name: '"Atelier \'Ton\' ..." - Keramik', street: "Rue de l'Église", building: '5', postalCode: '1204', town: 'Genève' },
    },
  ];

  for (const c of awkward)
    it(`writes a payload valid by the guidelines and keeps every box inside its section: ${c.what}`, async () => {
      await settings(c.account);
      const ticketId = (
        await makeTicket(db, a.team.id, (await makeActivity(db, a.team.id)).id, { currency: c.currency, priceMinor: 123456, stock: 10 })
      ).id;
      await db.update(teams).set(c.team).where(eq(teams.id, a.team.id));
      try {
        const made = await order({ ticketId, paymentStatus: 'waiting', paymentType: 'invoice' });
        const pdf = (await publicPdf(made.order, 'invoice.pdf')).rawPayload;
        const fields = validQrBillPayload(pdf);
        expect(fields.Ccy).toBe(c.currency);
        expect(fields.Amt).toBe('1234.56');
        expect(fields.Tp).toBe(c.account.qrIban ? 'QRR' : 'SCOR');
        expect(fields.Ref).toBe(c.account.qrIban ? qrReference(made.order.number) : orderCreditorReference(made.order.number));
        expect(fields.Ustrd).toBe(`Rechnung ${made.order.number}`);
        if (c.expected.name) expect(fields['Cdtr.Name']).toBe(c.expected.name);
        if (c.expected.street) expect(fields['Cdtr.StrtNmOrAdrLine1']).toBe(c.expected.street);
        expect(fields['Cdtr.BldgNbOrAdrLine2']).toBe(c.expected.building);
        if (c.expected.postalCode) expect(fields['Cdtr.PstCd']).toBe(c.expected.postalCode);
        if (c.expected.town) expect(fields['Cdtr.TwnNm']).toBe(c.expected.town);
        // A field cut to its length ends where a word ends.
        const source = { 'Cdtr.Name': c.team.name, 'Cdtr.PstCd': c.team.billingPostalCode, 'Cdtr.TwnNm': c.team.billingCity };
        for (const [field, text] of Object.entries(source)) {
          const value = fields[field]!;
          const plain = text.replace(/–/g, '-');
          if (value.length < plain.length && plain.startsWith(value)) expect(plain.slice(value.length), field).toMatch(/^[\s,;:-]/);
        }

        // The payment slip fills the last page's bottom 105 mm: the receipt's information section
        // ends 68 mm from its top (the amount section follows), the payment part's 100 mm (5 mm margin).
        const mm = (v: number) => (v * 72) / 25.4;
        const top = 841.89 - mm(105);
        const boxes = cornerBoxes(pdf).at(-1)!;
        const receiptBox = boxes.find((b) => Math.abs(b.x - mm(5)) < 1 && Math.abs(b.width - mm(52)) < 1)!;
        const paymentBox = boxes.find((b) => Math.abs(b.x - mm(118)) < 1 && Math.abs(b.width - mm(65)) < 1)!;
        expect(receiptBox, 'the receipt\'s "payable by" box').toBeDefined();
        expect(paymentBox, 'the payment part\'s "payable by" box').toBeDefined();
        expect(receiptBox.y + receiptBox.height).toBeLessThanOrEqual(top + mm(68) - mm(1));
        expect(paymentBox.y + paymentBox.height).toBeLessThanOrEqual(top + mm(100));
        expect(receiptBox.height).toBeGreaterThanOrEqual(mm(10));
      } finally {
        await db
          .update(teams)
          .set({ name: 'Atelier Sonnenberg', billingAddress: 'Bahnhofstrasse 1', billingPostalCode: '8001', billingCity: 'Zürich' })
          .where(eq(teams.id, a.team.id));
      }
    });
});
