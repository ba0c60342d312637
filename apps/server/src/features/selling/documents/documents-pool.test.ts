import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { activitySessions, locations, orderParticipants, orders, teams, teamSellingSettings } from '../../../db/schema/index.ts';
import { createMemoryRateLimiter } from '../../../lib/rate-limit.ts';
import { LIMITS } from '../../../plugins/rate-limit.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeSession, makeTicket, owner, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { orderToken, type LinkedOrder } from '../orders/index.ts';
import { loadDocumentContext, loadDocumentContextFor, loadDocumentHead } from './document-context.ts';
import { createPdfPool } from './document-renderer.ts';
import { drawnQrMatrices, pageCount, pdfTextOf } from './pdf-inspect.ts';
import { renderDocumentPdf, type RenderInput } from './render-worker.ts';

/**
 * Issue 20 item 2: PDFs render in worker threads (never on the request thread), are cached per
 * order version in the storage, downloads are limited per IP before any work, and a full pool or
 * a failed render answers a translated 503 — never a 500, never a crashed process.
 */

let t: TestApp;
let a: Staff;
let ticketId: number;
let dataDir: string;
/** The limiter's clock: each test starts in a fresh window. */
let clock = Date.now();
beforeEach(() => {
  clock += LIMITS.documentDownloadsPerIp.windowMs + 1000;
});

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'bookla-docpool-'));
  t = await buildTestApp({ config: { dataDir }, limiter: createMemoryRateLimiter(() => clock) });
  a = await owner(t.app);
  const activity = await makeActivity(t.app.deps.db, a.team.id);
  ticketId = (await makeTicket(t.app.deps.db, a.team.id, activity.id, { stock: 500, priceMinor: 2000 })).id;
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const db = () => t.app.deps.db;
const people = (n: number) => Array.from({ length: n }, (_, i) => ({ firstname: `Person${i}`, lastname: 'Muster' }));
const publicPdf = (o: LinkedOrder, file: string, token = orderToken(t.app.deps.config, o), remoteAddress = '127.0.0.1') =>
  t.app.inject({ method: 'GET', url: `/api/public/orders/${o.publicId}/${file}?token=${encodeURIComponent(token)}`, remoteAddress });
const renders = () => t.app.deps.pdf.stats()!.completed;
const inputOf = async (orderId: number, kind: RenderInput['kind']): Promise<RenderInput> => ({
  kind,
  ctx: (await loadDocumentContext(db(), a.team.id, orderId))!,
  config: { appUrl: t.app.deps.config.appUrl, appName: t.app.deps.config.appName },
});

describe('PDFs in the worker pool', () => {
  it('renders through the pool the same PDF as directly, in another thread', async () => {
    await db()
      .insert(teamSellingSettings)
      .values({ teamId: a.team.id, invoiceEnabled: true, qrIban: 'CH44 3199 9123 0008 8901 2' })
      .onConflictDoUpdate({ target: teamSellingSettings.teamId, set: { qrIban: 'CH44 3199 9123 0008 8901 2' } });
    const made = await makeOrder(db(), a.team.id, { ticketId, paymentStatus: 'paid', paymentType: 'invoice', participants: people(12) });
    const pool = createPdfPool({ size: 1, maxQueue: 4 });
    try {
      for (const kind of ['tickets', 'invoice', 'receipt'] as const) {
        const input = await inputOf(made.order.id, kind);
        const direct = await renderDocumentPdf(input);
        const pooled = await pool.render(input);
        expect(pooled.threadId, kind).not.toBe(threadId);
        expect(pageCount(pooled.content), kind).toBe(pageCount(direct));
        expect(await pdfTextOf(pooled.content), kind).toBe(await pdfTextOf(direct));
        expect(drawnQrMatrices(pooled.content), kind).toEqual(drawnQrMatrices(direct));
      }
      expect(pageCount((await pool.render(await inputOf(made.order.id, 'tickets'))).content)).toBe(12);
    } finally {
      await pool.close();
    }
  });

  it('serves downloads from the app’s pool, not the request thread', async () => {
    const before = renders();
    const made = await makeOrder(db(), a.team.id, { ticketId, paymentStatus: 'paid', participants: people(3) });
    const res = await publicPdf(made.order, 'tickets.pdf');
    expect(res.statusCode).toBe(200);
    expect(pageCount(res.rawPayload)).toBe(3);
    expect(renders()).toBe(before + 1);
  });

  it('caches a PDF per order version in the storage: the second fetch renders nothing, a changed order renders again', async () => {
    const made = await makeOrder(db(), a.team.id, { ticketId, paymentStatus: 'paid', participants: people(2) });
    const start = renders();
    const first = await publicPdf(made.order, 'tickets.pdf');
    expect(first.statusCode).toBe(200);
    expect(renders()).toBe(start + 1);
    const second = await a.client.get(`/api/orders/${made.order.id}/tickets.pdf`);
    expect(second.statusCode).toBe(200);
    expect(renders()).toBe(start + 1);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    // Kept in the storage (the default: files under DATA_DIR/storage/document-cache), not in this process's memory.
    const day = new Date().toISOString().slice(0, 10);
    const folder = join(dataDir, 'storage', 'document-cache', day, String(a.team.id), String(made.order.id), 'tickets');
    expect(readdirSync(folder)).toHaveLength(1);

    // The order changes (a participant renamed): a new version, rendered again; the old file is gone.
    await db().update(orderParticipants).set({ firstname: 'Renamed' }).where(eq(orderParticipants.orderId, made.order.id));
    const third = await publicPdf(made.order, 'tickets.pdf');
    expect(third.statusCode).toBe(200);
    expect(renders()).toBe(start + 2);
    expect(await pdfTextOf(third.rawPayload)).toContain('Renamed Muster');
    expect(readdirSync(folder)).toHaveLength(1);
    // Cancelled: no tickets, whatever is cached.
    await db().update(orders).set({ paymentStatus: 'cancelled' }).where(eq(orders.id, made.order.id));
    expect((await publicPdf(made.order, 'tickets.pdf')).statusCode).toBe(409);
  });

  it('finds a cached PDF by the digest the database computes: what the PDF shows outside the order (team, dates, location) makes a new version too', async () => {
    const [location] = await db()
      .insert(locations)
      .values({ teamId: a.team.id, name: { de: 'Studio Nord' }, postalCode: '8001', city: 'Zürich', country: 'CH' })
      .returning();
    const activity = await makeActivity(db(), a.team.id, { locationId: location!.id });
    const session = await makeSession(db(), a.team.id, activity.id, new Date('2031-03-01T09:00:00Z'));
    const ticket = await makeTicket(db(), a.team.id, activity.id, { stock: 10, priceMinor: 2000 });
    const made = await makeOrder(db(), a.team.id, { ticketId: ticket.id, paymentStatus: 'paid', participants: people(1) });
    const fetchRenders = async () => {
      const before = renders();
      const res = await a.client.get(`/api/orders/${made.order.id}/tickets.pdf`);
      expect(res.statusCode).toBe(200);
      return { rendered: renders() - before, text: await pdfTextOf(res.rawPayload) };
    };
    expect((await fetchRenders()).rendered).toBe(1);
    expect((await fetchRenders()).rendered).toBe(0);
    // The same digest whether the context is read alone or with the order locked (the mail job's read).
    const plain = await loadDocumentContext(db(), a.team.id, made.order.id);
    const locked = await db().transaction(
      async (tx) => (await loadDocumentContextFor(tx, a.team.id, made.order.id, { lockOrder: true, mailOccasion: 'x' }))!.ctx,
    );
    expect(locked.digest).toBe(plain!.digest);
    expect((await loadDocumentHead(db(), a.team.id, made.order.id))!.digest).toBe(plain!.digest);
    expect(await loadDocumentHead(db(), a.team.id + 1000, made.order.id)).toBeUndefined();

    await db()
      .update(activitySessions)
      .set({ startsAt: new Date('2031-03-02T09:00:00Z'), endsAt: new Date('2031-03-02T10:00:00Z') })
      .where(eq(activitySessions.id, session.id));
    let next = await fetchRenders();
    expect(next.rendered).toBe(1);
    expect(next.text).toContain('02.03.2031');
    await db().update(locations).set({ city: 'Winterthur' }).where(eq(locations.id, location!.id));
    next = await fetchRenders();
    expect(next.rendered).toBe(1);
    expect(next.text).toContain('Winterthur');
    await db().update(teams).set({ name: 'Studio Umbenannt' }).where(eq(teams.id, a.team.id));
    next = await fetchRenders();
    expect(next.rendered).toBe(1);
    expect(next.text).toContain('Studio Umbenannt');
    expect((await fetchRenders()).rendered).toBe(0);
  });

  it('limits downloads per IP before any work: 429 with Retry-After past the limit, nothing read or rendered', async () => {
    const made = await makeOrder(db(), a.team.id, { ticketId, paymentStatus: 'paid' });
    const { limit } = LIMITS.documentDownloadsPerIp;
    // Failed calls (a wrong token) count too: the limit is taken before the order is read.
    for (let i = 0; i < limit - 1; i++) expect((await publicPdf(made.order, 'tickets.pdf', 'wrong')).statusCode).toBe(404);
    expect((await publicPdf(made.order, 'tickets.pdf')).statusCode).toBe(200);
    const before = renders();
    const refused = await publicPdf(made.order, 'receipt.pdf');
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Staff downloads from the same address share the limit.
    expect((await a.client.get(`/api/orders/${made.order.id}/receipt.pdf`)).statusCode).toBe(429);
    expect(renders()).toBe(before);
    // Another address is not affected.
    expect((await publicPdf(made.order, 'receipt.pdf', undefined, '203.0.113.9')).statusCode).toBe(200);
  });

  it('answers a translated 503 with Retry-After when no worker can take the render, and a failed render is a 503, not a crash', async () => {
    const own = await buildTestApp({ config: { dataDir, pdfCache: false, pdfQueue: 0, pdfWorkers: 1 } });
    try {
      const boss = await owner(own.app);
      const activity = await makeActivity(own.app.deps.db, boss.team.id);
      const ticket = await makeTicket(own.app.deps.db, boss.team.id, activity.id, { stock: 10 });
      const made = await makeOrder(own.app.deps.db, boss.team.id, { ticketId: ticket.id, paymentStatus: 'paid' });
      const url = `/api/public/orders/${made.order.publicId}/tickets.pdf?token=${encodeURIComponent(orderToken(own.app.deps.config, made.order))}`;
      expect((await own.app.inject({ method: 'GET', url })).statusCode).toBe(200);

      // A render that throws in its worker: 503 render_failed; the pool (and the process) carry on.
      const broken = { kind: 'tickets', ctx: {}, config: { appUrl: 'x', appName: 'y' } } as unknown as RenderInput;
      await expect(own.app.deps.pdf.render(broken)).rejects.toMatchObject({ status: 503, messageKey: 'documents:errors.render_failed' });
      expect((await own.app.inject({ method: 'GET', url })).statusCode).toBe(200);

      // No worker can take it (a closed pool refuses like a full one; the bound itself: lib/worker-pool.test.ts).
      await own.app.deps.pdf.close();
      const texts = {
        de: 'Gerade werden zu viele Dokumente erstellt. Bitte versuchen Sie es in 5 Sekunden erneut.',
        en: 'Too many documents are being created right now. Please try again in 5 seconds.',
        fr: 'Trop de documents sont en cours de création. Veuillez réessayer dans 5 secondes.',
      };
      for (const [lang, text] of Object.entries(texts)) {
        const res = await own.app.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
        expect(res.statusCode, lang).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
        expect(res.json().message).toBe(text);
      }
    } finally {
      await own.close();
    }
  });
});
