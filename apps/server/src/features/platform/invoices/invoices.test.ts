import type { PlatformInvoiceLine } from '@bookla/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Config } from '../../../config/env.ts';
import { emails, platformInvoices } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createUserWithTeam, loginAs, uid, type TestTeam, type TestUser } from '../../../test/factories.ts';
import { makePaidOrder, makeRefund, setPlanFrom } from '../../../test/platform-factories.ts';
import { validateSwissQrPayload } from '../../../test/swiss-qr-validator.ts';
import { pdfTextOf, swissQrPayloads } from '../../../test/pdf-reading.ts';
import { platformNow, setPlatformClock } from './clock.ts';
import { platformInvoiceAttachmentRenderers } from './invoice-mail.ts';
import { invoiceNumber, platformMonth, runStatement, teamStatement, type StatementDeps } from './statement.ts';
import { sweepPlatformStatements } from './sweep.ts';

/**
 * Platform invoices (CONTRACT §6, issue 25): the statement's lines, one invoice per team and month
 * whatever runs twice, the owners' mail with the PDF and its QR-bill, the staff-only calls and
 * the team's Billing list. Runs on PGlite and, with DATABASE_URL, on PostgreSQL (real concurrency).
 */

let t: TestApp;
let app: FastifyInstance;
let deps: StatementDeps;
let a: { team: TestTeam; owner: TestUser; owner2: TestUser };
let b: { team: TestTeam; owner: TestUser };
let staffEmail: string;

/** 1 May 2026, 00:30 in Zurich: April has ended. */
const MAY_1 = new Date('2026-04-30T22:30:00Z');
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  const db = app.deps.db;
  deps = { db, config: app.deps.config };
  const tag = uid();
  const aOwner = await createUserWithTeam(db, { teamName: `Alpha ${tag}`, email: `alpha-${tag}@example.com`, language: 'de' });
  const aOwner2 = await createUserWithTeam(db, {
    teamId: aOwner.team.id,
    role: 'owner',
    email: `alpha2-${tag}@example.com`,
    language: 'en',
  });
  await createUserWithTeam(db, { teamId: aOwner.team.id, role: 'admin', email: `alpha-admin-${tag}@example.com` });
  a = { team: aOwner.team, owner: aOwner.user, owner2: aOwner2.user };
  const bOwner = await createUserWithTeam(db, { teamName: `Beta ${tag}`, email: `beta-${tag}@example.com` });
  b = { team: bOwner.team, owner: bOwner.user };
  staffEmail = `staff-${tag}@bookla.ch`;
  await createUserWithTeam(db, { email: staffEmail, teamName: `Staff ${tag}` });

  // A: Business from 11 April (20 of April's 30 days).
  await setPlanFrom(db, a.team.id, 'payg', '2026-01-01');
  await setPlanFrom(db, a.team.id, 'business', '2026-04-11');
  // Two sales on 5 April (Zurich), one at 00:30 on 30 April (22:30 UTC on the 29th), one at 01:30 on 1 May (next month).
  await makePaidOrder(db, a.team.id, { paidAt: at('2026-04-05T08:00:00Z'), totalMinor: 1000, feeMinor: 128 });
  await makePaidOrder(db, a.team.id, { paidAt: at('2026-04-05T20:00:00Z'), totalMinor: 2000, feeMinor: 207 });
  await makePaidOrder(db, a.team.id, { paidAt: at('2026-04-29T22:30:00Z'), totalMinor: 500, feeMinor: 100 });
  await makePaidOrder(db, a.team.id, { paidAt: at('2026-04-30T23:30:00Z'), totalMinor: 700, feeMinor: 90 });
  // A test-mode order (never billed, whatever fee it carries) and a free one.
  await makePaidOrder(db, a.team.id, { paidAt: at('2026-04-10T10:00:00Z'), totalMinor: 5000, feeMinor: 99, isTest: true });
  await makePaidOrder(db, a.team.id, { paidAt: at('2026-04-10T11:00:00Z'), totalMinor: 0, feeMinor: 0 });
  // A March sale refunded in part in March (500) and in April (1000): April credits round(276 × 1500/3000) − round(276 × 500/3000) = 92.
  const march = await makePaidOrder(db, a.team.id, { paidAt: at('2026-03-20T10:00:00Z'), totalMinor: 3000, feeMinor: 276 });
  await makeRefund(db, a.team.id, march.id, 500, at('2026-03-25T10:00:00Z'));
  await makeRefund(db, a.team.id, march.id, 1000, at('2026-04-12T10:00:00Z'));
  // B: only a test order in April: nothing to bill.
  await makePaidOrder(db, b.team.id, { paidAt: at('2026-04-15T10:00:00Z'), totalMinor: 5000, feeMinor: 400, isTest: true });
});
afterAll(() => t?.close());

const APRIL_LINES: PlatformInvoiceLine[] = [
  { kind: 'monthly_fee', plan: 'business', days: 20, days_in_month: 30, amount_minor: 9267 },
  { kind: 'sale_fees', date: '2026-04-05', sales: 2, volume_minor: 3000, amount_minor: 335 },
  { kind: 'sale_fees', date: '2026-04-30', sales: 1, volume_minor: 500, amount_minor: 100 },
  { kind: 'refund_credit', date: '2026-04-12', refunds: 1, amount_minor: -92 },
];

const invoicesOf = (teamId: number, month?: string) =>
  app.deps.db
    .select()
    .from(platformInvoices)
    .where(month ? and(eq(platformInvoices.teamId, teamId), eq(platformInvoices.month, month)) : eq(platformInvoices.teamId, teamId));

const invoiceMails = (to: string) =>
  app.deps.db
    .select()
    .from(emails)
    .where(and(eq(emails.toAddress, to), eq(emails.kind, 'platform_invoice')));

describe('the statement', () => {
  it('bills the monthly fee pro rata, the sale fees per day in Zurich time and the refund credits', async () => {
    const statement = await teamStatement(app.deps.db, a.team, '2026-04');
    expect(statement.lines).toEqual(APRIL_LINES);
    expect(statement.subtotalMinor).toBe(9267 + 335 + 100 - 92);
    // The sale at 01:30 on 1 May (Zurich) is May's.
    const may = await teamStatement(app.deps.db, a.team, '2026-05');
    expect(may.lines).toContainEqual({ kind: 'sale_fees', date: '2026-05-01', sales: 1, volume_minor: 700, amount_minor: 90 });
    expect(may.lines[0]).toEqual({ kind: 'monthly_fee', plan: 'business', days: 31, days_in_month: 31, amount_minor: 13_900 });
  });

  it('refuses a month that has not ended', async () => {
    await expect(runStatement(deps, '2026-05', MAY_1)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it('creates one invoice per team with something to bill, without VAT when the platform has no VAT id', async () => {
    expect(app.deps.config.platform.vatId).toBeUndefined();
    const result = await runStatement(deps, '2026-04', MAY_1);
    expect(result).toEqual({ created: 1, existing: 0 });
    const [invoice] = await invoicesOf(a.team.id, '2026-04');
    expect(invoice).toMatchObject({
      number: invoiceNumber('2026-04', a.team.id),
      currency: 'CHF',
      lines: APRIL_LINES,
      subtotalMinor: 9610,
      vatRateBp: 0,
      vatMinor: 0,
      totalMinor: 9610,
      status: 'open',
      dueAt: '2026-05-31',
      bexioStatus: 'not_configured',
    });
    expect(invoice!.number).toBe(`BKL-202604-${String(a.team.id).padStart(6, '0')}`);
    expect(invoice!.issuer).toMatchObject({ name: 'Bookla', address: ['Bahnhofstrasse 1', '8001 Zürich', 'CH'] });
    expect(invoice!.recipient).toEqual({ name: a.team.name, address: ['Bahnhofstrasse 1', '8001 Zürich', 'CH'] });
    expect(invoice!.mailedAt).not.toBeNull();
    // B had only a test order: no invoice.
    expect(await invoicesOf(b.team.id)).toEqual([]);
    // A second run creates nothing.
    expect(await runStatement(deps, '2026-04', MAY_1)).toEqual({ created: 0, existing: 1 });
  });

  it('adds VAT on the subtotal when PLATFORM_VAT_ID is set, and marks the invoice for bexio when it is configured', async () => {
    const config = {
      ...app.deps.config,
      platform: { ...app.deps.config.platform, vatId: 'CHE-123.456.789 MWST' },
      bexio: { token: 'test-token-123', url: 'http://127.0.0.1:9' },
    } as Config;
    const june1 = new Date('2026-06-01T08:00:00Z');
    expect(await runStatement({ ...deps, config }, '2026-05', june1)).toEqual({ created: 1, existing: 0 });
    const [invoice] = await invoicesOf(a.team.id, '2026-05');
    // 13900 + 90 = 13990 net; 8.1 % = 1133.19 → 1133.
    expect(invoice).toMatchObject({ subtotalMinor: 13_990, vatRateBp: 810, vatMinor: 1133, totalMinor: 15_123, bexioStatus: 'pending' });
    expect(invoice!.issuer.vat_id).toBe('CHE-123.456.789 MWST');
    expect(invoice!.bexioNextAttemptAt).not.toBeNull();
  });

  it('mails each owner once, in their language, with the PDF (number, QR-bill valid by the guidelines)', async () => {
    const [invoice] = await invoicesOf(a.team.id, '2026-04');
    const de = await invoiceMails(a.owner.email);
    const en = await invoiceMails(a.owner2.email);
    expect(de.filter((m) => m.subject.includes('202604'))).toHaveLength(1);
    expect(en.filter((m) => m.subject.includes('202604'))).toHaveLength(1);
    const deMail = de.find((m) => m.subject.includes('202604'))!;
    const enMail = en.find((m) => m.subject.includes('202604'))!;
    expect(deMail.subject).toBe(`Bookla-Rechnung ${invoice!.number}`);
    expect(enMail.subject).toBe(`Bookla invoice ${invoice!.number}`);
    expect(enMail.textBody).toMatch(/CHF\s96\.10, due by 31\/05\/2026/);
    expect(deMail.attachments).toEqual([{ kind: 'platform_invoice', platformInvoiceId: invoice!.id }]);
    // Admins get none.
    const others = await app.deps.db.execute(
      sql`SELECT count(*)::int AS n FROM emails WHERE kind = 'platform_invoice' AND team_id = ${a.team.id} AND to_address NOT IN (${a.owner.email}, ${a.owner2.email})`,
    );
    expect((others as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(0);

    // The mail job renders the attachment and sends (here: keeps) the mails.
    await app.deps.jobs.runDue();
    const [sent] = await app.deps.db.select().from(emails).where(eq(emails.id, deMail.id));
    expect(sent!.status).toBe('kept');

    const render = platformInvoiceAttachmentRenderers({ db: app.deps.db, config: app.deps.config, pdf: app.deps.pdf }).platform_invoice!;
    const file = await render(deMail.attachments[0]!, { teamId: a.team.id, language: 'de', memo: new Map() });
    expect(file!.filename).toBe(`invoice-${invoice!.number}.pdf`);
    const text = await pdfTextOf(file!.content);
    expect(text).toContain(invoice!.number);
    expect(text).toContain('Monatsgebühr');
    const payloads = swissQrPayloads(file!.content);
    expect(payloads).toHaveLength(1);
    const { errors, fields } = validateSwissQrPayload(payloads[0]!);
    expect(errors).toEqual([]);
    expect(fields.IBAN).toBe('CH4431999123000889012');
    expect(fields.Amt).toBe('96.10');
    expect(fields.Ccy).toBe('CHF');
    expect(fields.Ustrd).toBe(`Rechnung ${invoice!.number}`);
  });

  it('two concurrent runs create exactly one invoice per team and mail it once', async () => {
    const aug1 = new Date('2026-08-01T00:05:00+02:00');
    const runs = await Promise.all([
      runStatement(deps, '2026-07', aug1),
      runStatement(deps, '2026-07', aug1),
      sweepPlatformStatements(deps, aug1),
    ]);
    expect(runs.reduce((n, r) => n + r.created, 0)).toBe(1);
    expect(runs.reduce((n, r) => n + r.created + r.existing, 0)).toBe(3);
    expect(await invoicesOf(a.team.id, '2026-07')).toHaveLength(1);
    const number = invoiceNumber('2026-07', a.team.id);
    for (const owner of [a.owner, a.owner2])
      expect((await invoiceMails(owner.email)).filter((m) => m.subject.includes(number))).toHaveLength(1);
  });
});

describe('the routes', () => {
  /** Every /api/platform/* route of the app (the bexio calls included). */
  function platformRoutes(): [string, string][] {
    const out: [string, string][] = [];
    const stack: string[] = [];
    for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
      const m = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
      if (!m) continue;
      const depth = m[1]!.length / 4;
      const path = (stack[depth - 1] ?? '') + m[2]!;
      stack[depth] = path;
      stack.length = depth + 1;
      for (const method of (m[3] ?? '').split(', ').filter(Boolean))
        if (method !== 'HEAD' && method !== 'OPTIONS' && path.startsWith('/api/platform/')) out.push([method, path.replace(/:\w+/g, '1')]);
    }
    return out;
  }

  it('answers 403 on every /api/platform/* call to a normal team’s owner and to an API token', async () => {
    const routes = platformRoutes();
    expect(routes.map((r) => r.join(' '))).toEqual(
      expect.arrayContaining([
        'POST /api/platform/statements',
        'GET /api/platform/invoices',
        'GET /api/platform/invoices/export',
        'GET /api/platform/invoices/1/pdf',
        'POST /api/platform/invoices/1/paid',
        'GET /api/platform/statistics',
      ]),
    );
    const owner = await loginAs(app, a.owner.email);
    const created = await owner.post('/api/tokens', { name: 'all', scopes: ['read', 'orders', 'catalogue'] });
    expect(created.statusCode, created.body).toBe(201);
    const token = created.json().token as string;
    for (const [method, url] of routes) {
      const body = method === 'GET' ? undefined : { month: '2026-04' };
      const asOwner = await owner.request(method as 'GET' | 'POST', url, body);
      expect(asOwner.statusCode, `${method} ${url} as owner`).toBe(403);
      const asToken = await app.inject({
        method: method as 'GET' | 'POST',
        url,
        payload: body,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(asToken.statusCode, `${method} ${url} with a token`).toBe(403);
    }
  });

  it('lets internal staff run a statement, list, filter, export, read the PDF, mark paid and read the statistics', async () => {
    const staff = await loginAs(app, staffEmail);
    // The billing clock (the same the monthly sweep reads) on 15 August 2026.
    setPlatformClock(new Date('2026-08-15T10:00:00Z'));
    onTestFinished(() => setPlatformClock(null));
    expect((await staff.post('/api/platform/statements', { month: '2026-04' })).json()).toEqual({ created: 0, existing: 1 });
    const current = platformMonth(platformNow());
    expect(current).toBe('2026-08');
    const open = await staff.post('/api/platform/statements', { month: current }, { 'accept-language': 'en' });
    expect(open.statusCode).toBe(422);
    expect(open.json().message).toContain(current);
    expect((await staff.post('/api/platform/statements', { month: '2026-13' })).statusCode).toBe(422);

    const list = await staff.get(
      `/api/platform/invoices?columnFilters[team]=${encodeURIComponent(a.team.name)}&columnFilters[month]=2026-04`,
    );
    expect(list.statusCode, list.body).toBe(200);
    const [item] = list.json().data;
    expect(list.json().meta.total).toBe(1);
    expect(item).toMatchObject({
      team: { id: a.team.id, name: a.team.name },
      month: '2026-04',
      number: invoiceNumber('2026-04', a.team.id),
      total: 96.1,
      currency: 'CHF',
      status: 'open',
      bexio_status: 'not_configured',
      pdf_url: `/api/platform/invoices/${item.id}/pdf`,
    });
    const byId = await staff.get(`/api/platform/invoices?columnFilters[team]=${a.team.id}&columnFilters[bexio_status]=pending`);
    expect(byId.json().data.map((i: { month: string }) => i.month)).toEqual(['2026-05']);
    expect((await staff.get(`/api/platform/invoices?columnFilters[team]=${encodeURIComponent(b.team.name)}`)).json().meta.total).toBe(0);
    expect((await staff.get(`/api/platform/invoices?columnFilters[status]=paid`)).json().meta.total).toBe(0);

    const pdf = await staff.get(`/api/platform/invoices/${item.id}/pdf`);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    // Opened in the browser's viewer: a document's security headers, not the API's (decision 036).
    expect(String(pdf.headers['content-security-policy'])).toContain("default-src 'self'");
    expect(await pdfTextOf(pdf.rawPayload)).toContain(item.number);

    const csv = await staff.get(`/api/platform/invoices/export?format=csv&columnFilters[month]=2026-04`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain(item.number);
    expect(csv.body).not.toContain(invoiceNumber('2026-05', a.team.id));
    const xlsx = await staff.get(`/api/platform/invoices/export?format=xlsx`);
    expect(xlsx.statusCode).toBe(200);
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');

    const paid = await staff.post(`/api/platform/invoices/${item.id}/paid`);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.status).toBe('paid');
    expect((await staff.post(`/api/platform/invoices/${item.id}/paid`)).statusCode).toBe(409);
    expect((await staff.post(`/api/platform/invoices/999999/paid`)).statusCode).toBe(404);

    const stats = await staff.get('/api/platform/statistics');
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().data.months).toHaveLength(12);
    expect(stats.json().data.months[11].month).toBe('2026-08');
    // Per plan in force on the day of each sale, net of refund credits: April's payg sales 3.35 − the March sale's credit 0.92.
    expect(stats.json().data.months.find((m: { month: string }) => m.month === '2026-04')).toEqual({
      month: '2026-04',
      fees: { payg: 2.43, business: 1 },
      monthly: 92.67,
    });
    const teams = stats.json().data.teams;
    expect(teams.payg + teams.business).toBe(3);
  });

  it('lists a team its own invoices under Billing, and another team’s PDF is not found', async () => {
    const owner = await loginAs(app, a.owner.email);
    const list = await owner.get('/api/team/platform-invoices');
    expect(list.statusCode, list.body).toBe(200);
    const months = list.json().data.map((i: { month: string }) => i.month);
    expect(months).toEqual(['2026-07', '2026-05', '2026-04']);
    const april = list.json().data.find((i: { month: string }) => i.month === '2026-04');
    expect(april).toMatchObject({ subtotal: 96.1, vat: 0, total: 96.1, status: 'paid', due_at: '2026-05-31' });
    expect((await owner.get(april.pdf_url)).statusCode).toBe(200);

    const other = await loginAs(app, b.owner.email);
    expect((await other.get('/api/team/platform-invoices')).json().data).toEqual([]);
    expect((await other.get(april.pdf_url)).statusCode).toBe(404);
  });
});
