import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { emails, locations, orders } from '../../../db/schema/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeSession, makeTicket, owner, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { queueOrderMail } from '../documents/index.ts';
import { orderToken } from '../orders/index.ts';
import { expectWellFormed, parseCalendar } from './calendar-test-kit.ts';

/**
 * "Add to calendar" (CONTRACT §8): the order's dates as an iCalendar file, downloaded from the
 * order page with the order link's token, and attached to the confirmation mail (parsed out of
 * the mail as it was written).
 */
let t: TestApp;
let app: FastifyInstance;
let db: Db;
let a: Staff;
let anon: TestClient;
let dataDir: string;
let courseTicket: number;
let dropInTicket: number;
let sessionIds: number[];

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bookla-calendar-'));
  t = await buildTestApp({ config: { dataDir } });
  app = t.app;
  db = app.deps.db;
  anon = new TestClient(app);
  a = await owner(app, { teamName: 'Kletterhalle Aare' });
  const [wall] = await db
    .insert(locations)
    .values({ teamId: a.team.id, name: { de: 'Boulderhalle', en: 'Bouldering hall' }, postalCode: '3000', city: 'Bern', country: 'CH' })
    .returning();
  const course = await makeActivity(db, a.team.id, { name: { de: 'Kletterkurs', en: 'Climbing course' }, locationId: wall!.id });
  sessionIds = [];
  for (let week = 0; week < 3; week++)
    sessionIds.push((await makeSession(db, a.team.id, course.id, new Date(Date.UTC(2031, 2, 3 + 7 * week, 17)))).id);
  courseTicket = (await makeTicket(db, a.team.id, course.id, { priceMinor: 0, name: { de: 'Kurs', en: 'Course' } })).id;
  dropInTicket = (await makeTicket(db, a.team.id, course.id, { sessionId: sessionIds[1]!, priceMinor: 0 })).id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const download = (publicId: string, token?: string) =>
  anon.get(`/api/public/orders/${publicId}/calendar.ics${token === undefined ? '' : `?token=${encodeURIComponent(token)}`}`);

describe('GET /api/public/orders/{id}/calendar.ics', () => {
  it('gives the order’s dates with the order link’s token, and nothing without it or with another order’s', async () => {
    const { order } = await makeOrder(db, a.team.id, { ticketId: courseTicket, paymentStatus: 'free', language: 'en' });
    const other = (await makeOrder(db, a.team.id, { ticketId: dropInTicket, paymentStatus: 'free' })).order;
    const token = orderToken(app.deps.config, order);

    const res = await download(order.publicId, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="booking-${order.number}.ics"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expectWellFormed(res.body);
    const { root, events } = parseCalendar(res.body);
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe(`Kletterhalle Aare: booking ${order.number}`);
    expect(events.map((e) => e.uid)).toEqual(sessionIds.map((id) => `session-${id}-order@localhost`));
    expect(events[0]).toMatchObject({ summary: 'Climbing course', location: 'Bouldering hall, 3000 Bern', status: 'CONFIRMED' });
    expect(events[0]!.start.toISOString()).toBe('2031-03-03T17:00:00.000Z');

    // The other order: its own single date with its own token; A's token opens nothing else.
    const single = parseCalendar((await download(other.publicId, orderToken(app.deps.config, other))).body).events;
    expect(single.map((e) => e.uid)).toEqual([`session-${sessionIds[1]}-order@localhost`]);
    expect((await download(other.publicId, token)).statusCode).toBe(404);
    expect((await download(order.publicId)).statusCode).toBe(404);
    expect((await download(order.publicId, 'wrong')).statusCode).toBe(404);
    expect((await download(String(order.id), token)).statusCode).toBe(404);
    // Staff revoke the order's links: the old token opens nothing.
    await db.update(orders).set({ linkVersion: 1 }).where(eq(orders.id, order.id));
    expect((await download(order.publicId, token)).statusCode).toBe(404);
  });

  it('shows every date cancelled once the order no longer holds its seats', async () => {
    const { order } = await makeOrder(db, a.team.id, { ticketId: dropInTicket, paymentStatus: 'cancelled', language: 'de' });
    const { events } = parseCalendar((await download(order.publicId, orderToken(app.deps.config, order))).body);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ status: 'CANCELLED', summary: 'Abgesagt: Kletterkurs' });
    expect(events[0]!.description).toContain('Diese Buchung gilt nicht mehr');
  });
});

/** The `text/calendar` part of a mail as written (.eml, base64 or quoted-printable). */
function calendarPart(raw: string): { filename: string; text: string } {
  const part = raw.split(/\r\n--[^\r\n]+\r\n/).find((p) => /^Content-Type: text\/calendar/im.test(p));
  expect(part, 'no text/calendar part in the mail').toBeDefined();
  const [head, ...body] = part!.split('\r\n\r\n');
  const filename = /filename="?([^";\r\n]+)"?/i.exec(head!)![1]!;
  const content = body.join('\r\n\r\n').split(/\r\n--/)[0]!;
  if (/Content-Transfer-Encoding: base64/i.test(head!))
    return { filename, text: Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8') };
  return { filename, text: content };
}

describe('the confirmation mail', () => {
  it('carries the order’s dates as an .ics file that parses, beside the tickets', async () => {
    const { order } = await makeOrder(db, a.team.id, {
      ticketId: courseTicket,
      paymentStatus: 'free',
      paymentType: 'free',
      language: 'fr',
    });
    const id = await queueOrderMail(db, app.deps.config, a.team.id, order.id, 'placed');
    const [mail] = await db.select().from(emails).where(eq(emails.id, id!));
    expect(mail!.attachments).toEqual([
      { kind: 'tickets', orderId: order.id },
      { kind: 'calendar', orderId: order.id },
    ]);
    await app.deps.jobs.runDue();
    const [sent] = await db.select().from(emails).where(eq(emails.id, id!));
    expect(sent!.status).toBe('kept');
    const file = readdirSync(join(dataDir, 'mail')).find((f) => f.includes(`-${id}-`))!;
    const raw = readFileSync(join(dataDir, 'mail', file), 'utf8');
    expect(raw).toContain(`filename=tickets-${order.number}.pdf`);
    const ics = calendarPart(raw);
    expect(ics.filename).toBe(`booking-${order.number}.ics`);
    expectWellFormed(ics.text);
    const { root, events } = parseCalendar(ics.text);
    expect(root.getFirstPropertyValue('x-wr-calname')).toBe(`Kletterhalle Aare : réservation ${order.number}`);
    expect(events.map((e) => e.uid)).toEqual(sessionIds.map((s) => `session-${s}-order@localhost`));
    expect(events[2]!.start.toISOString()).toBe('2031-03-17T17:00:00.000Z');
    expect(events[0]!.dtstamp).toBeInstanceOf(Date);
    // The location has no French name: the English one (requested language, then English).
    expect(events[0]!.location).toBe('Bouldering hall, 3000 Bern');
  });

  it('attaches no calendar to a mail about an ended order', async () => {
    const { order } = await makeOrder(db, a.team.id, { ticketId: courseTicket, paymentStatus: 'cancelled', paymentType: 'free' });
    const id = await queueOrderMail(db, app.deps.config, a.team.id, order.id, 'ended');
    const [mail] = await db.select().from(emails).where(eq(emails.id, id!));
    expect(mail!.attachments).toEqual([]);
  });
});
