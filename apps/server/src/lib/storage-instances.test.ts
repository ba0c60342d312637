import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { jobs, teams } from '../db/schema/index.ts';
import { queueExportJob } from '../features/operations/exports/index.ts';
import type { DocumentRenderer } from '../features/selling/documents/index.ts';
import { buildTestApp, TestClient, type TestApp } from '../test/build-test-app.ts';
import { watchDocumentedReplies } from '../test/documented-replies.ts';
import { makeActivity, makeTicket, owner, type Staff } from '../test/factories.ts';
import { startTestS3, type TestS3 } from '../test/s3.ts';
import { makeOrder } from '../test/selling-factories.ts';
import { mediaStorage, newMediaKey } from './storage.ts';

/**
 * Several instances on one STORAGE_URL (CONTRACT §7, decision 024): two apps on the same database
 * and the same S3 bucket (a real S3-protocol server, s3rver), each with its own DATA_DIR. What one
 * writes — an export, a logo, a header image, a cached PDF — the other serves; nothing lands in
 * either DATA_DIR. With the store down the calls that need it answer 503 in the request's language
 * and the process goes on; once the store is back they work again. Runs on the PostgreSQL server
 * in CI too (@postgres): two instances and their job runners on one database.
 */

let s3: TestS3;
let t: TestApp;
/** Instance A (buildTestApp) and B (a second app on A's database, its own DATA_DIR). */
let a: FastifyInstance;
let b: FastifyInstance;
let bReplies: { problems(): string[] };
const dirA = mkdtempSync(join(tmpdir(), 'bookla-instance-a-'));
const dirB = mkdtempSync(join(tmpdir(), 'bookla-instance-b-'));
let boss: Staff;
/** The same user's session, sent to instance B (sessions live in the database). */
let bossOnB: TestClient;
let bRenders = 0;

beforeAll(async () => {
  s3 = await startTestS3('bookla-instances');
  t = await buildTestApp({ config: { dataDir: dirA, storage: s3.location } });
  a = t.app;
  // B renders nothing itself: a PDF it serves comes from the cache A filled.
  const noRenders: DocumentRenderer = {
    render: async () => {
      bRenders++;
      throw new Error('instance B renders no PDF in this test');
    },
    stats: () => undefined,
    close: async () => {},
  };
  b = await buildApp({ config: { ...a.deps.config, dataDir: dirB }, database: t.database, pdf: noRenders });
  bReplies = watchDocumentedReplies(b);
  await b.ready();
  boss = await owner(a);
  bossOnB = new TestClient(b);
  bossOnB.cookies = new Map(boss.client.cookies);
});
afterAll(async () => {
  await b?.close();
  await t?.close();
  await s3?.close();
  rmSync(dirA, { recursive: true, force: true });
  rmSync(dirB, { recursive: true, force: true });
  expect(bReplies.problems()).toEqual([]);
});

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 4, background: { r: 10, g: 120, b: 200, alpha: 0.5 } } })
    .png()
    .toBuffer();
const logoOf = async (teamId: number) =>
  (await a.deps.db.select({ logoPath: teams.logoPath }).from(teams).where(eq(teams.id, teamId)))[0]!.logoPath;

describe('two instances, one storage', () => {
  it('an export built by instance A downloads through instance B; B’s expiry job removes it for both', async () => {
    const viewer = { teamId: boss.team.id, userId: boss.user.id, role: 'owner' as const, timeZone: 'Europe/Zurich', currency: 'CHF' };
    const job = await queueExportJob(a.deps, viewer, { type: 'orders', format: 'csv' }, 'en');
    await a.deps.jobs.runDue();
    expect((await boss.client.get(`/api/exports/${job.id}`)).json().data.status).toBe('done');
    const onB = await bossOnB.get(`/api/exports/${job.id}/download`);
    expect(onB.statusCode, onB.body).toBe(200);
    expect(onB.headers['content-type']).toMatch(/^text\/csv/);
    expect(onB.body.startsWith('\uFEFF')).toBe(true);
    expect(onB.body).toContain('Order no.');
    expect(Number(onB.headers['content-length'])).toBe(onB.rawPayload.length);
    const onA = await boss.client.get(`/api/exports/${job.id}/download`);
    expect(onA.rawPayload.equals(onB.rawPayload)).toBe(true);
    // Built in a temp file of A's DATA_DIR, kept only in the bucket.
    for (const dir of [dirA, dirB]) {
      expect(existsSync(join(dir, 'exports'))).toBe(false);
      expect(existsSync(join(dir, 'storage'))).toBe(false);
    }
    await a.deps.db.execute(sql`UPDATE jobs SET run_at = now() WHERE type = 'export.expire' AND (payload->>'jobId')::int = ${job.id}`);
    await b.deps.jobs.runDue();
    const [expiry] = await a.deps.db
      .select({ status: jobs.status })
      .from(jobs)
      .where(sql`type = 'export.expire' AND (payload->>'jobId')::int = ${job.id}`);
    expect(expiry?.status).toBe('done');
    expect((await boss.client.get(`/api/exports/${job.id}/download`)).statusCode).toBe(404);
  });

  it('a logo uploaded through A is served by B, and removed through B for A', async () => {
    const image = await png();
    const res = await boss.client.post('/api/team/logo', { data_url: `data:image/png;base64,${image.toString('base64')}` });
    expect(res.statusCode, res.body).toBe(200);
    expect(await logoOf(boss.team.id)).toMatch(new RegExp(`^logos/${boss.team.id}/logo-[0-9a-f]{18}\\.png$`));
    const fromA = await a.inject(`/avatar/team/${boss.team.id}`);
    const fromB = await b.inject(`/avatar/team/${boss.team.id}`);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.headers['content-type']).toBe('image/png');
    expect(fromB.rawPayload.equals(fromA.rawPayload)).toBe(true);
    expect((await sharp(fromB.rawPayload).metadata()).width).toBe(40);
    expect(existsSync(join(dirA, 'uploads'))).toBe(false);

    expect((await bossOnB.request('DELETE', '/api/team/logo')).statusCode).toBe(200);
    expect((await a.inject(`/avatar/team/${boss.team.id}`)).headers['content-type']).toMatch(/^image\/svg\+xml/);
  });

  it('a header image stored by A is served by B under /media', async () => {
    const key = newMediaKey();
    const webp = await sharp(await png())
      .webp()
      .toBuffer();
    await mediaStorage(a.deps.config).put(`${key}/list.webp`, webp);
    const res = await b.inject(`/media/${key}/list.webp`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(webp)).toBe(true);
    expect((await b.inject(`/media/${key}/detail.webp`)).statusCode).toBe(404);
  });

  it('a PDF rendered by A (with the logo) is served from the shared cache by B, which renders nothing', async () => {
    const image = await png();
    expect((await boss.client.post('/api/team/logo', { data_url: `data:image/png;base64,${image.toString('base64')}` })).statusCode).toBe(
      200,
    );
    const activity = await makeActivity(a.deps.db, boss.team.id);
    const ticket = await makeTicket(a.deps.db, boss.team.id, activity.id, { stock: 10, priceMinor: 2000 });
    const made = await makeOrder(a.deps.db, boss.team.id, { ticketId: ticket.id, paymentStatus: 'paid' });
    const onA = await boss.client.get(`/api/orders/${made.order.id}/tickets.pdf`);
    expect(onA.statusCode, onA.body).toBe(200);
    // The logo is in it (the only image of a tickets PDF: QR codes are drawn).
    expect(onA.rawPayload.includes('/Subtype /Image')).toBe(true);
    const onB = await bossOnB.get(`/api/orders/${made.order.id}/tickets.pdf`);
    expect(onB.statusCode, onB.body).toBe(200);
    expect(onB.rawPayload.equals(onA.rawPayload)).toBe(true);
    expect(bRenders).toBe(0);
  });
});

describe('the store down', () => {
  it('answers 503 with Retry-After in the request’s language, writes nothing half, and works again once the store is back', async () => {
    const image = await png();
    const dataUrl = `data:image/png;base64,${image.toString('base64')}`;
    expect((await boss.client.post('/api/team/logo', { data_url: dataUrl })).statusCode).toBe(200);
    const logoBefore = await logoOf(boss.team.id);
    const viewer = { teamId: boss.team.id, userId: boss.user.id, role: 'owner' as const, timeZone: 'Europe/Zurich', currency: 'CHF' };
    const job = await queueExportJob(a.deps, viewer, { type: 'orders', format: 'csv' }, 'en');
    await a.deps.jobs.runDue();
    const key = newMediaKey();
    await mediaStorage(a.deps.config).put(`${key}/list.webp`, image);
    const activity = await makeActivity(a.deps.db, boss.team.id);
    const ticket = await makeTicket(a.deps.db, boss.team.id, activity.id, { stock: 10, priceMinor: 2000 });
    const made = await makeOrder(a.deps.db, boss.team.id, { ticketId: ticket.id, paymentStatus: 'paid' });

    await s3.stop();
    try {
      const avatar = await b.inject({ url: `/avatar/team/${boss.team.id}`, headers: { 'accept-language': 'de' } });
      expect(avatar.statusCode).toBe(503);
      expect(avatar.headers['retry-after']).toBe('5');
      expect(avatar.json()).toEqual({ message: 'Der Dienst ist gerade kurz nicht erreichbar. Bitte in 5 Sekunden erneut versuchen.' });
      const download = await bossOnB.get(`/api/exports/${job.id}/download`, { 'accept-language': 'fr' });
      expect(download.statusCode).toBe(503);
      expect(download.json().message).toMatch(/^Le service est momentanément indisponible/);
      const media = await a.inject({ url: `/media/${key}/list.webp`, headers: { 'accept-language': 'en' } });
      expect(media.statusCode).toBe(503);
      expect(media.json().message).toBe('The service is briefly unavailable. Please try again in 5 seconds.');
      // A PDF is not made without the team's logo because the store is down.
      const tickets = await boss.client.get(`/api/orders/${made.order.id}/tickets.pdf`);
      expect(tickets.statusCode).toBe(503);
      expect(tickets.headers['retry-after']).toBe('5');
      // An upload while the store is down changes nothing: the old logo stays the team's.
      const upload = await boss.client.post('/api/team/logo', { data_url: dataUrl });
      expect(upload.statusCode).toBe(503);
      expect(await logoOf(boss.team.id)).toBe(logoBefore);
      // The processes live on: calls that need no storage still answer.
      expect((await a.inject('/api/health')).statusCode).toBe(200);
      expect((await bossOnB.get(`/api/exports/${job.id}`)).statusCode).toBe(200);
    } finally {
      await s3.start();
    }
    expect((await b.inject(`/avatar/team/${boss.team.id}`)).headers['content-type']).toBe('image/png');
    expect((await bossOnB.get(`/api/exports/${job.id}/download`)).statusCode).toBe(200);
    expect((await a.inject(`/media/${key}/list.webp`)).statusCode).toBe(200);
    expect((await boss.client.get(`/api/orders/${made.order.id}/tickets.pdf`)).statusCode).toBe(200);
  }, 60_000);
});
