import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { DIRECT_EXPORT_MAX_ROWS, type ExportJob } from '@bookla/shared';
import { and, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../../db/client.ts';
import { activityInstructors, jobs, orderProducts, orders, teamMembers } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, makeTicket, owner, staff, type Staff } from '../../../test/factories.ts';
import { makeOrder } from '../../../test/selling-factories.ts';
import { queueExportJob } from './index.ts';

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let a: Staff;
let teacher: Staff;
let yoga: number;

/** A minimal RFC 4180 reader (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      field += '"';
      i++;
    } else if (quoted && c === '"') quoted = false;
    else if (quoted) field += c;
    else if (c === '"') quoted = true;
    else if (c === ',') endField();
    else if (c === '\r' && text[i + 1] === '\n') {
      endField();
      rows.push(row);
      row = [];
      i++;
    } else field += c;
  }
  if (field || row.length) {
    endField();
    rows.push(row);
  }
  return rows;
}

const csvOf = (res: LightMyRequestResponse) => {
  expect(res.body.startsWith('\uFEFF')).toBe(true);
  return parseCsv(res.body.slice(1));
};

async function workbookOf(res: LightMyRequestResponse): Promise<ExcelJS.Worksheet> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
  return book.worksheets[0]!;
}

const exportReq = (s: Staff, body: Record<string, unknown>, lang = 'en') => s.client.post(`/api/exports?language=${lang}`, body);

/** `n` paid orders inserted at once (numbers from 100001), for the job threshold. */
async function bulkOrders(teamId: number, n: number, offset = 0) {
  await db.execute(sql`
    INSERT INTO orders (team_id, number, firstname, lastname, email, language, currency, payment_type, payment_status,
      subtotal_minor, total_minor, paid_at, created_at)
    SELECT ${teamId}, 100000 + ${offset} + g, 'Bulk', 'Kunde ' || (${offset} + g), 'bulk' || (${offset} + g) || '@example.com', 'de', 'CHF',
      'invoice', 'paid', 1000, 1000, now(), now()
    FROM generate_series(1, ${n}) g`);
}

beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
  db = app.deps.db;
  a = await owner(app);
  teacher = await staff(app, a.team, 'instructor');
  yoga = (await makeActivity(db, a.team.id, { name: { de: 'Yoga DE', en: 'Yoga' } })).id;
  const pottery = (await makeActivity(db, a.team.id, { name: { de: 'Töpfern', en: 'Pottery' } })).id;
  await db.insert(activityInstructors).values({ teamId: a.team.id, activityId: yoga, userId: teacher.user.id });
  const yogaTicket = (await makeTicket(db, a.team.id, yoga, { stock: 100 })).id;
  const potteryTicket = (await makeTicket(db, a.team.id, pottery, { stock: 100 })).id;
  const sold = await makeOrder(db, a.team.id, {
    ticketId: yogaTicket,
    participants: [
      { firstname: '=HYPERLINK("http://evil.example","click")', lastname: 'Muster, Anna' },
      { firstname: 'Lea', lastname: '+41 Keller' },
    ],
    email: 'buyer@example.com',
  });
  await db.insert(orderProducts).values({
    teamId: a.team.id,
    orderId: sold.order.id,
    orderItemId: sold.item.id,
    name: { de: 'Matte', en: 'Mat' },
    unitPriceMinor: 1500,
    quantity: 2,
    totalMinor: 3000,
    taxRateBp: 810,
    taxMinor: 225,
  });
  await makeOrder(db, a.team.id, {
    ticketId: potteryTicket,
    paymentStatus: 'waiting',
    participants: [{ firstname: 'Paul', lastname: 'Potter' }],
  });
});
afterAll(() => t.close());

describe('POST /api/exports (small: the file in the reply)', () => {
  it('exports participants as CSV with the list’s filters, headers in the language, formulas guarded', async () => {
    const res = await exportReq(a, { type: 'participants', format: 'csv', columnFilters: { activity_id: String(yoga) } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="participants-\d{4}-\d{2}-\d{2}\.csv"/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const rows = csvOf(res);
    expect(rows[0]!.slice(0, 5)).toEqual(['Activity', 'Date', 'Ticket', 'Last name', 'First name']);
    expect(rows).toHaveLength(3);
    const byLast = new Map(rows.slice(1).map((r) => [r[3], r]));
    // The name a buyer typed as a formula stays text; the comma and quotes survive.
    expect(byLast.get('Muster, Anna')![4]).toBe('\'=HYPERLINK("http://evil.example","click")');
    expect(byLast.get("'+41 Keller")![4]).toBe('Lea');
    expect(byLast.get('Muster, Anna')!.slice(6, 10)).toEqual(['Anna Muster', 'buyer@example.com', expect.stringMatching(/^\d+$/), 'Paid']);
    const de = await exportReq(a, { type: 'participants', format: 'csv' }, 'de');
    expect(csvOf(de)[0]!.slice(0, 3)).toEqual(['Aktivität', 'Termin', 'Ticket']);
    expect(de.headers['content-disposition']).toContain('teilnehmende-');
  });

  it('exports orders as a valid XLSX workbook, read back with exceljs: typed cells, rows equal to a direct count', async () => {
    const res = await exportReq(a, { type: 'orders', format: 'xlsx' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const sheet = await workbookOf(res);
    expect(sheet.name).toBe('Orders');
    const header = (sheet.getRow(1).values as unknown[]).slice(1);
    expect(header.slice(0, 4)).toEqual(['Order no.', 'Order date', 'Paid on', 'Payment status']);
    const [direct] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.teamId, a.team.id));
    expect(sheet.rowCount - 1).toBe(direct!.n);
    const cells = new Map(header.map((h, i) => [h, i + 1]));
    const paid = [...Array(sheet.rowCount - 1).keys()]
      .map((i) => sheet.getRow(i + 2))
      .find((r) => r.getCell(cells.get('Payment status')!).value === 'Paid')!;
    expect(typeof paid.getCell(cells.get('Order no.')!).value).toBe('number');
    expect(paid.getCell(cells.get('Total')!).value).toBe(50);
    expect(paid.getCell(cells.get('Tickets')!).value).toBe('2× Yoga – Admission');
    expect(paid.getCell(cells.get('Products')!).value).toBe('2× Mat');
    expect(paid.getCell(cells.get('Order date')!).value).toBeInstanceOf(Date);
    // A selection and the status filter narrow it.
    const waiting = await exportReq(a, { type: 'orders', format: 'csv', columnFilters: { payment_status: 'waiting' } });
    expect(
      csvOf(waiting)
        .slice(1)
        .map((r) => r[3]),
    ).toEqual(['Unpaid']);
    // The orders screen's filters: a participant's name, the order date (created_from/created_to, the team's days).
    const lea = await exportReq(a, { type: 'orders', format: 'csv', columnFilters: { name: 'lea', payment_type: 'invoice' } });
    expect(
      csvOf(lea)
        .slice(1)
        .map((r) => r[3]),
    ).toEqual(['Paid']);
    const future = await exportReq(a, { type: 'orders', format: 'csv', columnFilters: { created_from: '2999-01-01' } });
    expect(csvOf(future)).toHaveLength(1);
    const none = await exportReq(a, { type: 'orders', format: 'csv', ids: [999999] });
    expect(csvOf(none)).toHaveLength(1);
  });

  it('exports additional sales with a totals row', async () => {
    const res = await exportReq(a, { type: 'additional_sales', format: 'csv' });
    expect(res.statusCode, res.body).toBe(200);
    expect(csvOf(res)).toEqual([
      ['Product', 'Activity', 'Quantity', 'Orders', 'Revenue', 'VAT', 'Currency'],
      ['Mat', 'Yoga', '2', '1', '30.00', '2.25', 'CHF'],
      ['Total', '', '2', '', '30.00', '2.25', 'CHF'],
    ]);
  });

  it('checks the permission of each kind; an instructor’s participants are their activities’ only', async () => {
    expect((await exportReq(teacher, { type: 'orders', format: 'csv' })).statusCode).toBe(403);
    expect((await exportReq(teacher, { type: 'additional_sales', format: 'xlsx' })).statusCode).toBe(403);
    const mine = await exportReq(teacher, { type: 'participants', format: 'csv' });
    expect(mine.statusCode).toBe(200);
    expect(
      csvOf(mine)
        .slice(1)
        .map((r) => r[0]),
    ).toEqual(['Yoga', 'Yoga']);
    expect(mine.body).not.toContain('Potter');
    expect((await app.inject({ method: 'GET', url: '/api/exports/1' })).statusCode).toBe(401);
  });

  it('answers 422 in the request language for bad input, never a 500', async () => {
    const unknown = await exportReq(a, { type: 'invoices', format: 'pdf' });
    expect(unknown.statusCode).toBe(422);
    expect(Object.keys(unknown.json().errors).sort()).toEqual(['format', 'type']);
    const ids = await exportReq(a, { type: 'participants', format: 'csv', ids: [1] });
    expect(ids.json().errors).toEqual({ ids: ['A selection can only be exported for orders.'] });
    const date = await exportReq(a, { type: 'orders', format: 'csv', columnFilters: { created_from: 'yesterday', number: 'x' } }, 'de');
    expect(date.statusCode).toBe(422);
    expect(date.json().errors).toEqual({
      'columnFilters.created_from': ['Bitte ein gültiges Datum eingeben.'],
      'columnFilters.number': ['Bitte eine Zahl eingeben.'],
    });
    // Keys of the filters are the client's: never written onto a prototype.
    const ctor = await exportReq(a, { type: 'orders', format: 'csv', columnFilters: JSON.parse('{"constructor": "x"}') });
    expect(ctor.statusCode).toBe(422);
    const proto = await exportReq(a, { type: 'orders', format: 'csv', columnFilters: JSON.parse('{"__proto__": "x"}') });
    expect(proto.statusCode).toBeGreaterThanOrEqual(400);
    expect(proto.statusCode).toBeLessThan(500);
  });
});

describe('the OpenAPI document', () => {
  it('lists the export and customer calls', async () => {
    const res = await app.inject('/api/docs');
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(
      expect.arrayContaining([
        '/api/exports',
        '/api/exports/{id}',
        '/api/exports/{id}/download',
        '/api/orders/additional_sales',
        '/api/customers/participants',
        '/api/customers/participants/filters',
        '/api/customers/orders',
        '/api/customers/orders/{id}/orders',
      ]),
    );
  });
});

describe('large exports: a job with progress and a download for its creator only', () => {
  let big: Staff;
  let colleague: Staff;

  beforeAll(async () => {
    big = await owner(app);
    colleague = await staff(app, big.team, 'admin');
    await bulkOrders(big.team.id, DIRECT_EXPORT_MAX_ROWS);
  });

  it('sends up to 2,000 rows at once and starts a job above; the job reaches done and the file downloads', async () => {
    const direct = await exportReq(big, { type: 'orders', format: 'csv' });
    expect(direct.statusCode).toBe(200);
    expect(csvOf(direct)).toHaveLength(DIRECT_EXPORT_MAX_ROWS + 1);
    await bulkOrders(big.team.id, 1, DIRECT_EXPORT_MAX_ROWS);

    const started = await exportReq(big, { type: 'orders', format: 'xlsx' });
    expect(started.statusCode, started.body).toBe(202);
    const job = started.json().data as ExportJob;
    expect(job).toMatchObject({ type: 'orders', format: 'xlsx', status: 'queued', rows_done: 0, rows_total: 2001, download_url: null });
    expect(job.file_name).toMatch(/^orders-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect((await big.client.get(`/api/exports/${job.id}`)).json().data).toMatchObject({ status: 'queued', rows_done: 0 });
    expect((await big.client.get(`/api/exports/${job.id}/download`)).statusCode).toBe(404);

    expect(await app.deps.jobs.runDue()).toBeGreaterThanOrEqual(1);
    const done = (await big.client.get(`/api/exports/${job.id}`)).json().data as ExportJob;
    expect(done).toMatchObject({ status: 'done', rows_done: 2001, rows_total: 2001, download_url: `/api/exports/${job.id}/download` });
    expect(Date.parse(done.expires_at!) - Date.now()).toBeGreaterThan(23 * 3600_000);

    const file = await big.client.get(done.download_url!);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-disposition']).toContain(job.file_name);
    const sheet = await workbookOf(file);
    expect(sheet.rowCount).toBe(2002);
    expect(sheet.getRow(2).getCell(1).value).toBe(102001);
  });

  it('shows the job and its file to nobody but its creator in the same company (404)', async () => {
    const started = await exportReq(big, { type: 'orders', format: 'csv' });
    const id = (started.json().data as ExportJob).id;
    await app.deps.jobs.runDue();
    expect((await big.client.get(`/api/exports/${id}/download`)).statusCode).toBe(200);
    for (const other of [colleague, a]) {
      expect((await other.client.get(`/api/exports/${id}`)).statusCode).toBe(404);
      expect((await other.client.get(`/api/exports/${id}/download`)).statusCode).toBe(404);
    }
    // A creator who is an instructor now may no longer fetch an orders export.
    await db
      .update(teamMembers)
      .set({ role: 'instructor' })
      .where(and(eq(teamMembers.teamId, big.team.id), eq(teamMembers.userId, big.user.id)));
    try {
      expect((await big.client.get(`/api/exports/${id}/download`)).statusCode).toBe(404);
    } finally {
      await db
        .update(teamMembers)
        .set({ role: 'owner' })
        .where(and(eq(teamMembers.teamId, big.team.id), eq(teamMembers.userId, big.user.id)));
    }
  });

  it('removes the file after 24 hours: the expiry job deletes it and the download answers 404', async () => {
    const started = await exportReq(big, { type: 'orders', format: 'csv' });
    const id = (started.json().data as ExportJob).id;
    await app.deps.jobs.runDue();
    const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
    const payload = row!.payload as { fileKey: string };
    const file = join(app.deps.config.dataDir, 'storage', 'exports', `${payload.fileKey}.csv`);
    expect(existsSync(file)).toBe(true);
    // Time passes: the expiry job of this export is due.
    await db.execute(sql`UPDATE jobs SET run_at = now() WHERE type = 'export.expire' AND (payload->>'jobId')::int = ${id}`);
    await app.deps.jobs.runDue();
    expect(existsSync(file)).toBe(false);
    expect((await big.client.get(`/api/exports/${id}`)).json().data).toMatchObject({ status: 'expired', download_url: null });
    expect((await big.client.get(`/api/exports/${id}/download`)).statusCode).toBe(404);
  });

  it('lets one user run at most 3 exports at once (429), and refuses exports above the row limit', async () => {
    const viewer = { teamId: big.team.id, userId: big.user.id, role: 'owner' as const, timeZone: 'Europe/Zurich', currency: 'CHF' };
    for (let i = 0; i < 3; i++) await queueExportJob(app.deps, viewer, { type: 'orders', format: 'csv' }, 'en');
    const refused = await exportReq(big, { type: 'orders', format: 'csv' });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/3 exports in progress/);
    await app.deps.jobs.runDue();
    expect((await exportReq(big, { type: 'orders', format: 'csv' })).statusCode).toBe(202);
    await app.deps.jobs.runDue();
  });
});
