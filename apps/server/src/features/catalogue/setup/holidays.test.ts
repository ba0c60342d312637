import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamHolidays } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { owner, staff } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;

describe('holidays', () => {
  it('are created, listed, changed and deleted', async () => {
    const a = await owner(t.app);
    const created = await a.client.post('/api/config/holidays', {
      name: { de: 'Sommerferien', en: 'Summer holidays', fr: '' },
      starts_on: '2026-07-04',
      ends_on: '2026-08-16',
    });
    expect(created.statusCode, created.body).toBe(200);
    const holiday = created.json().data;
    expect(holiday).toMatchObject({ name: { de: 'Sommerferien', en: 'Summer holidays' }, starts_on: '2026-07-04', ends_on: '2026-08-16' });
    await a.client.post('/api/config/holidays', {
      name: { de: 'Herbstferien', en: 'Autumn break' },
      starts_on: '2026-10-03',
      ends_on: '2026-10-18',
    });
    const list = await a.client.get('/api/config/holidays?sort[field]=starts_on&sort[type]=asc&language=en');
    expect(list.statusCode).toBe(200);
    expect(list.json().data.map((h: { name_text: string }) => h.name_text)).toEqual(['Summer holidays', 'Autumn break']);
    expect(list.json().meta.total).toBe(2);
    const filtered = await a.client.get('/api/config/holidays?columnFilters[name]=herbst');
    expect(filtered.json().data.map((h: { id: number }) => h.id)).toHaveLength(1);
    const put = await a.client.request('PUT', `/api/config/holidays/${holiday.id}`, {
      name: { de: 'Sommer', en: 'Summer' },
      starts_on: '2026-07-11',
      ends_on: '2026-07-11',
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ name_text: 'Sommer', starts_on: '2026-07-11', ends_on: '2026-07-11' });
    expect((await a.client.request('DELETE', `/api/config/holidays/${holiday.id}`)).statusCode).toBe(200);
    expect(await db().select().from(teamHolidays).where(eq(teamHolidays.id, holiday.id))).toEqual([]);
  });

  it('need a name in every company language, a start not after the end and a new range', async () => {
    const a = await owner(t.app);
    const bad = await a.client.post('/api/config/holidays?language=en', {
      name: { de: 'Ferien' },
      starts_on: '2026-07-10',
      ends_on: '2026-07-01',
    });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'name.en': ['This field is required.'] });
    const reversed = await a.client.post('/api/config/holidays?language=en', {
      name: { de: 'Ferien', en: 'Holidays' },
      starts_on: '2026-07-10',
      ends_on: '2026-07-01',
    });
    expect(reversed.json().errors).toEqual({ ends_on: ['The last day may not be before the first day.'] });
    const malformed = await a.client.post('/api/config/holidays', {
      name: { de: 'Ferien', en: 'Holidays' },
      starts_on: '2026-02-30',
      ends_on: 'x',
    });
    expect(malformed.statusCode).toBe(422);
    expect(Object.keys(malformed.json().errors).sort()).toEqual(['ends_on', 'starts_on']);
    const body = { name: { de: 'Ferien', en: 'Holidays' }, starts_on: '2026-07-01', ends_on: '2026-07-10' };
    expect((await a.client.post('/api/config/holidays', body)).statusCode).toBe(200);
    const again = await a.client.post('/api/config/holidays', body);
    expect(again.statusCode).toBe(422);
    expect(Object.keys(again.json().errors)).toEqual(['starts_on']);
    const other = await a.client.post('/api/config/holidays', { ...body, starts_on: '2026-07-02' });
    const clash = await a.client.request('PUT', `/api/config/holidays/${other.json().data.id}`, body);
    expect(clash.statusCode).toBe(422);
    expect(await db().select().from(teamHolidays).where(eq(teamHolidays.teamId, a.team.id))).toHaveLength(2);
  });

  it('need nav.config and stay within the company', async () => {
    const a = await owner(t.app);
    const created = await a.client.post('/api/config/holidays', {
      name: { de: 'Ferien', en: 'Holidays' },
      starts_on: '2026-07-01',
      ends_on: '2026-07-10',
    });
    const id = created.json().data.id;
    const i = await staff(t.app, a.team, 'instructor');
    expect((await i.client.get('/api/config/holidays')).statusCode).toBe(403);
    expect((await i.client.request('DELETE', `/api/config/holidays/${id}`)).statusCode).toBe(403);
    const b = await owner(t.app);
    expect((await b.client.get('/api/config/holidays')).json().data).toEqual([]);
    const put = await b.client.request('PUT', `/api/config/holidays/${id}`, {
      name: { de: 'B', en: 'B' },
      starts_on: '2026-01-01',
      ends_on: '2026-01-02',
    });
    expect(put.statusCode).toBe(404);
    expect((await b.client.request('DELETE', `/api/config/holidays/${id}`)).statusCode).toBe(404);
    const [row] = await db().select().from(teamHolidays).where(eq(teamHolidays.id, id));
    expect(row!.startsOn).toBe('2026-07-01');
  });
});
