import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { emails, teams } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeSession, makeTicket, owner, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { dateLocaleOf, formatDate, formatSession } from './format.ts';
import { queueOrderMail } from './index.ts';
import { pdfTextOf } from './pdf-inspect.ts';

/**
 * English documents and mails write dates as the team's country does (issue 22 item 13, decision
 * 021): a US team MM/DD/YYYY and h:mm AM/PM, any other team day-first and 24 hours.
 */

// 14 March 2031, 19:30 in New York and 18:30 in Zurich (neither is 12 or a day ≤ 12: no ambiguity).
const START = new Date('2031-03-14T17:30:00Z');

describe('date locale of documents', () => {
  it('writes English US-style for a US team and day-first 24 h for every other; German and French stay', () => {
    expect(dateLocaleOf('en', 'US')).toBe('en-US');
    expect(dateLocaleOf('en', 'ch')).toBe('en-GB');
    expect(dateLocaleOf('en', 'GB')).toBe('en-GB');
    expect(dateLocaleOf('de', 'US')).toBe('de-CH');
    expect(dateLocaleOf('fr', 'US')).toBe('fr-CH');
    const end = new Date(START.getTime() + 75 * 60_000);
    expect(formatSession(START, end, dateLocaleOf('en', 'US'), 'Europe/Zurich')).toBe('Fri, 03/14/2031, 6:30 PM–7:45 PM');
    expect(formatSession(START, end, dateLocaleOf('en', 'CH'), 'Europe/Zurich')).toBe('Fri, 14/03/2031, 18:30–19:45');
    expect(formatSession(START, end, dateLocaleOf('de', 'US'), 'Europe/Zurich')).toBe('Fr., 14.03.2031, 18:30–19:45');
    expect(formatDate(START, dateLocaleOf('en', 'US'), 'America/New_York')).toBe('03/14/2031');
    // A bare language (older callers) stays day-first in English.
    expect(formatDate(START, 'en', 'Europe/Zurich')).toBe('14/03/2031');
  });
});

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let dataDir: string;
let us: Staff & { ticketId: number };
let swiss: Staff & { ticketId: number };

async function teamWithCourse(country: string, timeZone: string): Promise<Staff & { ticketId: number }> {
  const s = await owner(app, { teamName: `Studio ${country}` });
  await db.update(teams).set({ billingCountry: country, timeZone }).where(eq(teams.id, s.team.id));
  const activity = await makeActivity(db, s.team.id, { name: { de: 'Töpfern', en: 'Pottery' } });
  const session = await makeSession(db, s.team.id, activity.id, START, { minutes: 75 });
  const ticket = await makeTicket(db, s.team.id, activity.id, { sessionId: session.id, priceMinor: 3000, taxRateBp: 0, stock: 50 });
  return { ...s, ticketId: ticket.id };
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bookla-en-dates-'));
  t = await buildTestApp({ config: { dataDir, mailFrom: 'noreply@bookla.test' } });
  app = t.app;
  db = app.deps.db;
  us = await teamWithCourse('US', 'America/New_York');
  swiss = await teamWithCourse('CH', 'Europe/Zurich');
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const paidEnglishOrder = (s: Staff & { ticketId: number }) =>
  makeOrder(db, s.team.id, { ticketId: s.ticketId, paymentStatus: 'paid', paymentType: 'stripe', language: 'en' });

async function receiptText(s: Staff & { ticketId: number }): Promise<string> {
  const made = await paidEnglishOrder(s);
  const res = await s.client.get(`/api/orders/${made.order.id}/receipt.pdf`);
  expect(res.statusCode, res.body).toBe(200);
  return (await pdfTextOf(res.rawPayload)).replace(/\s+/g, ' ');
}

async function paidMailText(s: Staff & { ticketId: number }): Promise<string> {
  const made = await paidEnglishOrder(s);
  const id = await queueOrderMail(db, app.deps.config, s.team.id, made.order.id, 'paid');
  const [mail] = await db.select().from(emails).where(eq(emails.id, id!));
  return mail!.textBody.replace(/\s+/g, ' ');
}

describe('English receipt and order mail', () => {
  it('a US team’s write MM/DD/YYYY and h:mm AM/PM', async () => {
    const pdf = await receiptText(us);
    // The session in New York: 13:30, a Friday.
    expect(pdf).toContain('Fri, 03/14/2031, 1:30 PM–2:45 PM');
    expect(pdf).toMatch(/\b\d{2}\/\d{2}\/\d{4}\b/);
    expect(pdf).not.toContain('14/03/2031');
    expect(pdf).not.toContain('13:30');
    const mail = await paidMailText(us);
    expect(mail).toContain('Fri, 03/14/2031, 1:30 PM–2:45 PM');
    expect(mail).not.toContain('13:30');
  });

  it('a Swiss team’s write the day first and 24-hour times', async () => {
    const pdf = await receiptText(swiss);
    expect(pdf).toContain('Fri, 14/03/2031, 18:30–19:45');
    expect(pdf).not.toMatch(/\b(AM|PM)\b/);
    expect(pdf).not.toContain('03/14/2031');
    const mail = await paidMailText(swiss);
    expect(mail).toContain('Fri, 14/03/2031, 18:30–19:45');
    expect(mail).not.toMatch(/\b(AM|PM)\b/);
  });
});
