import { PassThrough } from 'node:stream';
import type { PlatformInvoiceLine } from '@bookla/shared';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { bexioContacts, platformInvoices } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { startFakeBexio, type FakeBexio } from '../../../test/fake-bexio.ts';
import { createUserWithTeam, loginAs, uid } from '../../../test/factories.ts';
import { bexioBackoffMs, bexioContactNr, runBexioSweep, syncInvoiceNow, type BexioDeps } from './index.ts';
import { BEXIO_LEASE_MS } from './bexio-sync.ts';

/** bexio (CONTRACT §6): pushes against a local fake of bexio's API; no network. */

let fake: FakeBexio;
let t: TestApp;
let app: FastifyInstance;
let db: Db;
let now: Date;
let deps: BexioDeps;
const logs = new PassThrough();
let logText = '';
logs.on('data', (c: Buffer) => (logText += c.toString('utf8')));

const LINES: PlatformInvoiceLine[] = [
  { kind: 'monthly_fee', plan: 'business', days: 15, days_in_month: 30, amount_minor: 6950 },
  { kind: 'sale_fees', date: '2026-10-03', sales: 4, volume_minor: 20_000, amount_minor: 1234 },
  { kind: 'refund_credit', date: '2026-10-09', refunds: 1, amount_minor: -150 },
];

let seq = 0;
/** A platform invoice as the statements make it: due to bexio now. */
async function makeInvoice(teamId: number, opts: { vat?: boolean; status?: 'pending' | 'not_configured' } = {}) {
  const month = `2025-${String((seq++ % 12) + 1).padStart(2, '0')}`;
  const subtotal = LINES.reduce((s, l) => s + l.amount_minor, 0);
  const vatRateBp = opts.vat === false ? 0 : 810;
  const vat = Math.round((subtotal * vatRateBp) / 10_000);
  const [row] = await db
    .insert(platformInvoices)
    .values({
      teamId,
      month,
      number: `P-${uid()}`,
      currency: 'CHF',
      language: 'de',
      lines: LINES,
      subtotalMinor: subtotal,
      vatRateBp,
      vatMinor: vat,
      totalMinor: subtotal + vat,
      issuer: { name: 'Bookla AG', address: ['Bahnhofstrasse 1', '8001 Zürich', 'CH'] },
      recipient: { name: 'Team', address: ['Weg 1', '8000 Zürich', 'CH'] },
      dueAt: '2026-12-31',
      bexioStatus: opts.status ?? 'pending',
      bexioNextAttemptAt: opts.status === 'not_configured' ? null : now,
    })
    .returning();
  return row!;
}

const invoiceRow = async (id: number) => (await db.select().from(platformInvoices).where(eq(platformInvoices.id, id)))[0]!;
const team = async () => (await createUserWithTeam(db, { teamName: `Bexio ${uid()} AG` })).team;
const minutes = (n: number) => (now = new Date(now.getTime() + n * 60_000));

beforeAll(async () => {
  fake = await startFakeBexio();
  t = await buildTestApp({ config: { bexio: { token: fake.token, url: fake.url }, logLevel: 'info' }, logStream: logs });
  app = t.app;
  db = app.deps.db;
});
afterAll(async () => {
  await t.close();
  await fake.close();
});
beforeEach(async () => {
  // The injected clock starts a month back: the routes' real clock finds what the sweeps left due.
  now = new Date(Math.floor(Date.now() / 60_000) * 60_000 - 30 * 86_400_000);
  deps = { db, config: app.deps.config, now: () => now };
  // Every test starts with nothing due: earlier tests' leftovers are set aside.
  await db.update(platformInvoices).set({ bexioStatus: 'synced' });
  fake.reset();
});
afterEach(() => fake.outage(false));

describe('bexio sync', () => {
  it('pushes each team once as a contact and each invoice once, with its lines, VAT and reference', async () => {
    const a = await team();
    const b = await team();
    const [a1, a2, b1] = [await makeInvoice(a.id), await makeInvoice(a.id), await makeInvoice(b.id, { vat: false })];

    expect(await runBexioSweep(deps)).toEqual({ synced: 3, failed: 0 });
    expect(fake.contacts.map((c) => c.nr).sort()).toEqual([bexioContactNr(a.id), bexioContactNr(b.id)].sort());
    const contactA = fake.contacts.find((c) => c.nr === bexioContactNr(a.id))!;
    expect(contactA).toMatchObject({
      contact_type_id: 1,
      name_1: a.name,
      postcode: '8001',
      city: 'Zürich',
      address: 'Bahnhofstrasse 1',
      user_id: 1,
      owner_id: 1,
    });
    expect(fake.invoices.map((i) => i.api_reference).sort()).toEqual([a1.number, a2.number, b1.number].sort());

    const sent = fake.invoices.find((i) => i.api_reference === a1.number)!;
    expect(sent).toMatchObject({
      contact_id: contactA.id,
      user_id: 1,
      currency_id: 1,
      mwst_type: 0,
      mwst_is_net: true,
      is_valid_to: '2026-12-31',
    });
    expect(sent.title).toBe(`Bookla Rechnung ${a1.number}`);
    // Net prices with the 8.1 % sales tax (not the pre-tax of 8.1 %, not an inactive one).
    expect(sent.positions.map((p) => [p.unit_price, p.tax_id, p.amount])).toEqual([
      ['69.50', 17, '1'],
      ['12.34', 17, '1'],
      ['-1.50', 17, '1'],
    ]);
    expect(sent.positions.map((p) => p.text)).toEqual([
      'Monatsgebühr Business (15 von 30 Tagen)',
      'Gebühren auf 4 Verkäufe vom 03.10.2026 (Umsatz 200.00 CHF)',
      'Gutschrift der Gebühr für 1 Rückerstattung vom 09.10.2026',
    ]);
    expect(sent.total_net).toBe('80.34');
    expect(Number(sent.total)).toBeCloseTo((a1.totalMinor as number) / 100, 1);
    // Without VAT: the 0 % sales tax.
    expect(fake.invoices.find((i) => i.api_reference === b1.number)!.positions.every((p) => p.tax_id === 16)).toBe(true);

    for (const inv of [a1, a2, b1]) {
      const row = await invoiceRow(inv.id);
      const remote = fake.invoices.find((i) => i.api_reference === inv.number)!;
      expect(row).toMatchObject({
        bexioStatus: 'synced',
        bexioId: remote.id,
        bexioError: null,
        bexioAttempts: 1,
        bexioNextAttemptAt: null,
      });
    }
    const [stored] = await db.select().from(bexioContacts).where(eq(bexioContacts.teamId, a.id));
    expect(stored!.bexioContactId).toBe(contactA.id);

    // Nothing is due any more: a second sweep sends nothing.
    const calls = fake.calls.length;
    expect(await runBexioSweep(deps)).toEqual({ synced: 0, failed: 0 });
    expect(fake.calls.length).toBe(calls);
    // A new invoice of a known team reuses its contact.
    await makeInvoice(a.id);
    await runBexioSweep(deps);
    expect(fake.contacts).toHaveLength(2);
    expect(fake.invoices).toHaveLength(4);
  });

  it('finds the invoice again by its reference when bexio created it but the reply was lost: never pushed twice', async () => {
    const a = await team();
    const inv = await makeInvoice(a.id);
    fake.loseNextReply('/2.0/kb_invoice');

    expect(await runBexioSweep(deps)).toEqual({ synced: 0, failed: 1 });
    expect(fake.invoices).toHaveLength(1);
    const failed = await invoiceRow(inv.id);
    expect(failed).toMatchObject({ bexioStatus: 'failed', bexioAttempts: 1, bexioId: null });
    expect(failed.bexioError).toMatch(/^bexio could not be reached/);
    expect(failed.bexioNextAttemptAt!.getTime() - now.getTime()).toBe(60_000);

    minutes(1);
    expect(await runBexioSweep(deps)).toEqual({ synced: 1, failed: 0 });
    expect(fake.invoices).toHaveLength(1);
    expect(await invoiceRow(inv.id)).toMatchObject({ bexioStatus: 'synced', bexioId: fake.invoices[0]!.id, bexioError: null });
  });

  it('finds the contact again by its number when our record of it is missing: never duplicated', async () => {
    const a = await team();
    const inv = await makeInvoice(a.id);
    fake.loseNextReply('/2.0/contact');

    expect(await runBexioSweep(deps)).toEqual({ synced: 0, failed: 1 });
    expect(fake.contacts).toHaveLength(1);
    expect(await db.select().from(bexioContacts).where(eq(bexioContacts.teamId, a.id))).toEqual([]);

    minutes(1);
    expect(await runBexioSweep(deps)).toEqual({ synced: 1, failed: 0 });
    expect(fake.contacts).toHaveLength(1);
    const [stored] = await db.select().from(bexioContacts).where(eq(bexioContacts.teamId, a.id));
    expect(stored!.bexioContactId).toBe(fake.contacts[0]!.id);
    expect(fake.invoices).toHaveLength(1);
    expect(fake.invoices[0]!.contact_id).toBe(fake.contacts[0]!.id);
    expect((await invoiceRow(inv.id)).bexioStatus).toBe('synced');
  });

  it.each(['503', 'reset'] as const)('keeps everything through an outage (%s) and pushes each invoice once afterwards', async (mode) => {
    const a = await team();
    const b = await team();
    const invoices = [await makeInvoice(a.id), await makeInvoice(a.id), await makeInvoice(b.id)];
    fake.outage(true, mode);

    // The first push meets the outage; the sweep ends and leaves the rest due, no attempt counted.
    expect(await runBexioSweep(deps)).toEqual({ synced: 0, failed: 1 });
    const rows = await Promise.all(invoices.map((i) => invoiceRow(i.id)));
    const failed = rows.filter((r) => r.bexioStatus === 'failed');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.bexioError).toMatch(mode === '503' ? /^Service Unavailable$/ : /^bexio could not be reached \(.+\)$/);
    for (const r of rows.filter((x) => x.bexioStatus !== 'failed'))
      expect(r).toMatchObject({ bexioStatus: 'pending', bexioAttempts: 0, bexioNextAttemptAt: now });

    // Still down a minute later: again one attempt, nothing created.
    minutes(1);
    expect(await runBexioSweep(deps)).toEqual({ synced: 0, failed: 1 });
    expect(fake.contacts).toHaveLength(0);
    expect(fake.invoices).toHaveLength(0);

    fake.outage(false);
    minutes(5);
    expect(await runBexioSweep(deps)).toEqual({ synced: 3, failed: 0 });
    expect(fake.contacts).toHaveLength(2);
    expect(fake.invoices.map((i) => i.api_reference).sort()).toEqual(invoices.map((i) => i.number).sort());
  });

  it('records a refusal with bexio’s message, waits, and succeeds on the retry', async () => {
    const a = await team();
    const inv = await makeInvoice(a.id);
    fake.refuseNext('Die Position ist ungültig: tax_id fehlt.', '/2.0/kb_invoice');

    expect(await runBexioSweep(deps)).toEqual({ synced: 0, failed: 1 });
    expect(await invoiceRow(inv.id)).toMatchObject({
      bexioStatus: 'failed',
      bexioError: 'Die Position ist ungültig: tax_id fehlt.',
      bexioAttempts: 1,
      bexioNextAttemptAt: new Date(now.getTime() + 60_000),
    });
    // Not due yet: nothing is sent.
    const calls = fake.calls.length;
    expect(await runBexioSweep(deps)).toEqual({ synced: 0, failed: 0 });
    expect(fake.calls.length).toBe(calls);

    minutes(1);
    expect(await runBexioSweep(deps)).toEqual({ synced: 1, failed: 0 });
    expect(await invoiceRow(inv.id)).toMatchObject({ bexioStatus: 'synced', bexioError: null, bexioAttempts: 2 });
    expect(fake.invoices).toHaveLength(1);
  });

  it('trims a long message of bexio to 1000 characters', async () => {
    const inv = await makeInvoice((await team()).id);
    fake.refuseNext('x'.repeat(1500));
    await runBexioSweep(deps);
    expect((await invoiceRow(inv.id)).bexioError).toBe('x'.repeat(1000));
  });

  it('waits longer after each failure: 1, 2, 4, 8 … minutes, at most 6 hours', async () => {
    expect([1, 2, 3, 4, 5, 9, 10, 50].map(bexioBackoffMs)).toEqual([
      60_000, 120_000, 240_000, 480_000, 960_000, 15_360_000, 21_600_000, 21_600_000,
    ]);
    const inv = await makeInvoice((await team()).id);
    fake.outage(true);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      await runBexioSweep(deps);
      const row = await invoiceRow(inv.id);
      waits.push((row.bexioNextAttemptAt!.getTime() - now.getTime()) / 60_000);
      now = row.bexioNextAttemptAt!;
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    expect((await invoiceRow(inv.id)).bexioAttempts).toBe(4);
  });

  it('pushes each invoice once when sweeps run side by side', async () => {
    const teams = [await team(), await team(), await team()];
    const invoices = [];
    for (const tm of teams) for (let i = 0; i < 3; i++) invoices.push(await makeInvoice(tm.id));
    const results = await Promise.all([runBexioSweep(deps), runBexioSweep(deps), runBexioSweep(deps)]);
    expect(results.reduce((s, r) => s + r.synced, 0)).toBe(9);
    expect(fake.contacts).toHaveLength(3);
    expect(fake.invoices.map((i) => i.api_reference).sort()).toEqual(invoices.map((i) => i.number).sort());
  });

  it('takes up a push that died after its claim once the lease ends, finding what it created', async () => {
    const inv = await makeInvoice((await team()).id);
    // A push claimed the invoice, created it in bexio, and its process died before recording it.
    fake.loseNextReply('/2.0/kb_invoice');
    const afterLoss = await syncInvoiceNow({ ...deps, now: () => now }, inv.id).then(() => invoiceRow(inv.id));
    expect(afterLoss.bexioStatus).toBe('failed');
    await db
      .update(platformInvoices)
      .set({ bexioStatus: 'pending', bexioNextAttemptAt: new Date(now.getTime() + BEXIO_LEASE_MS) })
      .where(eq(platformInvoices.id, inv.id));
    expect(await runBexioSweep(deps)).toEqual({ synced: 0, failed: 0 });
    now = new Date(now.getTime() + BEXIO_LEASE_MS);
    expect(await runBexioSweep(deps)).toEqual({ synced: 1, failed: 0 });
    expect(fake.invoices).toHaveLength(1);
    expect((await invoiceRow(inv.id)).bexioId).toBe(fake.invoices[0]!.id);
  });

  it('pushes an invoice once when the sync call and the sweep meet', async () => {
    const a = await team();
    const invoices = [await makeInvoice(a.id), await makeInvoice(a.id)];
    const outcomes = await Promise.allSettled([runBexioSweep(deps), ...invoices.map((i) => syncInvoiceNow(deps, i.id))]);
    // A call that finds the sweep holding its invoice is refused (409), never run beside it.
    for (const o of outcomes.slice(1)) if (o.status === 'rejected') expect((o.reason as { status?: number }).status).toBe(409);
    await runBexioSweep({ ...deps, now: () => new Date(now.getTime() + BEXIO_LEASE_MS) });
    expect(fake.contacts).toHaveLength(1);
    expect(fake.invoices.map((i) => i.api_reference).sort()).toEqual(invoices.map((i) => i.number).sort());
  });

  it('does nothing without BEXIO_API_TOKEN: invoices stay as they are and nothing is sent', async () => {
    const inv = await makeInvoice((await team()).id);
    const off: BexioDeps = { ...deps, config: { ...app.deps.config, bexio: null } };
    expect(await runBexioSweep(off)).toEqual({ synced: 0, failed: 0 });
    expect(fake.calls).toHaveLength(0);
    expect(await invoiceRow(inv.id)).toMatchObject({ bexioStatus: 'pending', bexioAttempts: 0 });
  });

  it('records bexio’s refusal of a wrong token', async () => {
    const inv = await makeInvoice((await team()).id);
    const wrong: BexioDeps = { ...deps, config: { ...app.deps.config, bexio: { token: 'wrong-token-123456', url: fake.url } } };
    await runBexioSweep(wrong);
    expect(await invoiceRow(inv.id)).toMatchObject({ bexioStatus: 'failed', bexioError: 'The access token is invalid or has expired' });
  });
});

describe('bexio routes', () => {
  const staffClient = async () => {
    const { user } = await createUserWithTeam(db, { email: `staff-${uid()}@bookla.ch` });
    return loginAs(app, user.email);
  };

  it('pushes one invoice now for internal staff and answers it; a synced one is left as it is', async () => {
    const a = await team();
    const inv = await makeInvoice(a.id);
    const staff = await staffClient();
    const res = await staff.post(`/api/platform/invoices/${inv.id}/sync`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      id: inv.id,
      team: { id: a.id, name: a.name },
      number: inv.number,
      month: inv.month,
      total: inv.totalMinor / 100,
      currency: 'CHF',
      status: 'open',
      bexio_status: 'synced',
      bexio_id: fake.invoices[0]!.id,
    });
    expect(res.json().data.bexio_error).toBeUndefined();

    const again = await staff.post(`/api/platform/invoices/${inv.id}/sync`);
    expect(again.statusCode).toBe(200);
    expect(fake.invoices).toHaveLength(1);
  });

  it('pushes a failed invoice during its wait, and one made before bexio was set up; answers a refusal as failed', async () => {
    const a = await team();
    const staff = await staffClient();
    const inv = await makeInvoice(a.id);
    fake.refuseNext('Kontakt gesperrt', '/2.0/contact');
    const refused = await staff.post(`/api/platform/invoices/${inv.id}/sync`);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({ bexio_status: 'failed', bexio_error: 'Kontakt gesperrt' });
    // Its next attempt is a minute away; the button pushes it now.
    const retried = await staff.post(`/api/platform/invoices/${inv.id}/sync`);
    expect(retried.json().data).toMatchObject({ bexio_status: 'synced' });

    const old = await makeInvoice(a.id, { status: 'not_configured' });
    const pushed = await staff.post(`/api/platform/invoices/${old.id}/sync`);
    expect(pushed.json().data.bexio_status).toBe('synced');
    expect(fake.contacts).toHaveLength(1);
    expect(fake.invoices).toHaveLength(2);
  });

  it('answers 409 while another push holds the invoice, 404 for none', async () => {
    const inv = await makeInvoice((await team()).id);
    await db
      .update(platformInvoices)
      .set({ bexioNextAttemptAt: new Date(Date.now() + 5 * 60_000) })
      .where(eq(platformInvoices.id, inv.id));
    const staff = await staffClient();
    const busy = await staff.post(`/api/platform/invoices/${inv.id}/sync?language=de`);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('Diese Rechnung wird gerade an bexio übertragen. Bitte versuchen Sie es gleich noch einmal.');
    expect(fake.calls).toHaveLength(0);
    expect((await staff.post('/api/platform/invoices/999999/sync')).statusCode).toBe(404);
  });

  it('queues every failed invoice again, due now', async () => {
    const a = await team();
    const [i1, i2, i3] = [await makeInvoice(a.id), await makeInvoice(a.id), await makeInvoice(a.id)];
    fake.outage(true);
    await runBexioSweep(deps);
    minutes(1);
    await runBexioSweep(deps);
    minutes(1);
    await runBexioSweep(deps);
    const failed = (await Promise.all([i1, i2, i3].map((i) => invoiceRow(i.id)))).filter((r) => r.bexioStatus === 'failed');
    expect(failed.length).toBeGreaterThanOrEqual(2);
    fake.outage(false);

    const staff = await staffClient();
    const res = await staff.post('/api/platform/invoices/sync-failed');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ queued: failed.length });
    for (const f of failed) expect((await invoiceRow(f.id)).bexioStatus).toBe('pending');
    expect(await runBexioSweep({ ...deps, now: () => new Date() })).toEqual({ synced: 3, failed: 0 });
    expect(fake.invoices).toHaveLength(3);
  });

  it('refuses everybody but internal staff: owners, API tokens, nobody', async () => {
    const inv = await makeInvoice((await team()).id);
    const { user } = await createUserWithTeam(db, { email: `owner-${uid()}@example.com` });
    const owner = await loginAs(app, user.email);
    for (const url of [`/api/platform/invoices/${inv.id}/sync`, '/api/platform/invoices/sync-failed']) {
      expect((await owner.post(url)).statusCode).toBe(403);
    }
    const token = (await owner.post('/api/tokens', { name: 'All', scopes: ['read', 'orders', 'catalogue'] })).json().token as string;
    for (const url of [`/api/platform/invoices/${inv.id}/sync`, '/api/platform/invoices/sync-failed']) {
      const res = await app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` } });
      expect(res.statusCode).toBe(403);
    }
    const anon = await app.inject({ method: 'POST', url: `/api/platform/invoices/${inv.id}/sync` });
    expect([401, 419]).toContain(anon.statusCode);
    expect(fake.calls).toHaveLength(0);
    expect((await invoiceRow(inv.id)).bexioStatus).toBe('pending');
  });

  it('keeps the token out of the logs', async () => {
    const inv = await makeInvoice((await team()).id);
    const staff = await staffClient();
    fake.refuseNext('Refused for the log test');
    await staff.post(`/api/platform/invoices/${inv.id}/sync`);
    fake.outage(true, 'reset');
    await staff.post(`/api/platform/invoices/${inv.id}/sync`);
    for (let i = 0; i < 100 && !logText.includes('Refused for the log test'); i++) await new Promise((resolve) => setImmediate(resolve));
    expect(logText).toContain('bexio push failed');
    expect(logText).toContain('Refused for the log test');
    expect(logText).not.toContain(fake.token);
  });
});

describe('bexio not set up', () => {
  it('answers 409 to both calls and sends nothing', async () => {
    const off = await buildTestApp();
    try {
      const offDb = off.app.deps.db;
      const { team: tm } = await createUserWithTeam(offDb);
      const [inv] = await offDb
        .insert(platformInvoices)
        .values({
          teamId: tm.id,
          month: '2026-10',
          number: `P-${uid()}`,
          currency: 'CHF',
          language: 'de',
          lines: LINES,
          subtotalMinor: 8034,
          totalMinor: 8034,
          issuer: { name: 'Bookla AG', address: [] },
          recipient: { name: 'Team', address: [] },
          dueAt: '2026-12-31',
        })
        .returning();
      const { user } = await createUserWithTeam(offDb, { email: `staff-${uid()}@bookla.com` });
      const staff = await loginAs(off.app, user.email);
      const one = await staff.post(`/api/platform/invoices/${inv!.id}/sync?language=en`);
      expect(one.statusCode).toBe(409);
      expect(one.json().message).toBe('bexio is not set up: BEXIO_API_TOKEN is missing.');
      expect((await staff.post('/api/platform/invoices/sync-failed')).statusCode).toBe(409);
      const [row] = await offDb.select().from(platformInvoices).where(eq(platformInvoices.id, inv!.id));
      expect(row!.bexioStatus).toBe('not_configured');
      expect(fake.calls).toHaveLength(0);
    } finally {
      await off.close();
    }
  });
});
