import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { teamSellingSettings } from '../../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makeActivity, owner, staff } from '../../../test/factories.ts';
import { defaultSellingSettings, getSellingSettings } from './index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const db = () => t.app.deps.db;
const rowOf = async (teamId: number) => (await db().select().from(teamSellingSettings).where(eq(teamSellingSettings.teamId, teamId)))[0];

const body = (extra: Record<string, unknown> = {}) => ({
  charges_vat: true,
  vat_number: 'CHE-123.456.788 MWST',
  rates: [
    { rate: '8.1', label: { de: 'Normalsatz', en: 'Standard', fr: '' } },
    { rate: '2,6', label: { de: 'Reduziert' } },
    { rate: 0, label: {} },
  ],
  default_rate: '2.6',
  ...extra,
});

describe('tax settings', () => {
  it('read the defaults without writing a row; the defaults are the table defaults', async () => {
    const a = await owner(t.app);
    const res = await a.client.get('/api/config/tax');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      // Not registered for VAT until the company says so (issue 22 item 1).
      charges_vat: false,
      vat_number: null,
      rates: [
        { rate: 8.1, label: { de: 'Normalsatz', en: 'Standard rate', fr: 'Taux normal' } },
        { rate: 2.6, label: { de: 'Reduzierter Satz', en: 'Reduced rate', fr: 'Taux réduit' } },
        { rate: 3.8, label: { de: 'Beherbergung', en: 'Accommodation', fr: 'Hébergement' } },
        { rate: 0, label: { de: 'Steuerfrei', en: 'Tax exempt', fr: 'Exonéré' } },
      ],
      default_rate: 8.1,
    });
    expect(await rowOf(a.team.id)).toBeUndefined();
    // The code's defaults are exactly what the database puts in a fresh row.
    await db().insert(teamSellingSettings).values({ teamId: a.team.id });
    const { createdAt: _c, updatedAt: _u, ...stored } = (await rowOf(a.team.id))!;
    const { createdAt: _c2, updatedAt: _u2, ...defaults } = defaultSellingSettings(a.team.id);
    expect(stored).toEqual(defaults);
  });

  it('save rates as basis points exactly, labels compacted, the VAT number normalized', async () => {
    const a = await owner(t.app);
    const res = await a.client.request('PUT', '/api/config/tax?language=en', body({ vat_number: 'che116281710 mwst' }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      success: true,
      message: 'The tax settings have been saved.',
      data: {
        charges_vat: true,
        vat_number: 'CHE-116.281.710 MWST',
        rates: [
          { rate: 8.1, label: { de: 'Normalsatz', en: 'Standard' } },
          { rate: 2.6, label: { de: 'Reduziert' } },
          { rate: 0, label: {} },
        ],
        default_rate: 2.6,
      },
    });
    const row = (await rowOf(a.team.id))!;
    expect(row.taxRates.map((r) => r.rate_bp)).toEqual([810, 260, 0]);
    expect(row.defaultTaxRateBp).toBe(260);
    expect((await a.client.get('/api/config/tax')).json().data).toEqual(res.json().data);
    // 7.75 % is 775 bp, not 774.9999.
    const exact = await a.client.request('PUT', '/api/config/tax', body({ rates: [{ rate: '7.75', label: {} }], default_rate: 7.75 }));
    expect(exact.statusCode).toBe(200);
    expect((await rowOf(a.team.id))!.defaultTaxRateBp).toBe(775);
  });

  it('refuse bad or repeated rates, a default that is not one of them, and bad VAT numbers (422, request language)', async () => {
    const a = await owner(t.app);
    const put = (extra: Record<string, unknown>, lang = 'en') => a.client.request('PUT', `/api/config/tax?language=${lang}`, body(extra));

    const bad = await put({
      rates: [
        { rate: '8.123', label: {} },
        { rate: '101', label: {} },
        { rate: '-1', label: {} },
        { rate: 'x', label: {} },
      ],
    });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['rates.0.rate', 'rates.1.rate', 'rates.2.rate', 'rates.3.rate']);
    expect(bad.json().errors['rates.0.rate']).toEqual(['Please enter a rate between 0 and 100 with at most 2 decimal places.']);

    const twice = await put({
      rates: [
        { rate: '8.1', label: {} },
        { rate: '8,10', label: {} },
      ],
      default_rate: '8.1',
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors).toEqual({ 'rates.1.rate': ['This rate is listed twice.'] });

    const notListed = await put({ default_rate: '3.8' }, 'de');
    expect(notListed.statusCode).toBe(422);
    expect(notListed.json().errors).toEqual({ default_rate: ['Der Standardsatz muss einer der Sätze sein.'] });

    const badDefault = await put({ default_rate: 'viel' });
    expect(badDefault.json().errors).toEqual({ default_rate: ['Please enter a rate between 0 and 100 with at most 2 decimal places.'] });

    const checksum = await put({ vat_number: 'CHE-116.281.711' });
    expect(checksum.statusCode).toBe(422);
    expect(checksum.json().errors).toEqual({ vat_number: ['This VAT number is not valid (check digit).'] });
    const foreign = await put({ vat_number: 'DE123456789' });
    expect(foreign.json().errors).toEqual({ vat_number: ['This VAT number does not belong to the billing country.'] });
    const garbage = await put({ vat_number: '???' });
    expect(garbage.json().errors).toEqual({ vat_number: ['This VAT number has an invalid format.'] });

    const missing = await put({ vat_number: '' });
    expect(missing.json().errors).toEqual({ vat_number: ['Please enter your VAT number, or turn off “Registered for VAT”.'] });
    // Without VAT no number is needed.
    expect((await put({ charges_vat: false, vat_number: null })).statusCode).toBe(200);

    // The route's strict schema: no rates, too many, unknown keys, wrong types.
    for (const extra of [
      { rates: [] },
      { rates: Array.from({ length: 11 }, (_, i) => ({ rate: String(i), label: {} })) },
      { extra: 1 },
      { charges_vat: 'ja' },
    ]) {
      const res = await put(extra);
      expect(res.statusCode, JSON.stringify(extra)).toBe(422);
    }
    expect((await getSellingSettings(db(), a.team.id)).chargesVat).toBe(false);
  });

  it('need nav.config; another company never sees or changes them', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const instructor = await staff(t.app, a.team, 'instructor');
    expect((await instructor.client.get('/api/config/tax')).statusCode).toBe(403);
    expect((await instructor.client.request('PUT', '/api/config/tax', body())).statusCode).toBe(403);
    expect(await rowOf(a.team.id)).toBeUndefined();
    expect((await (await staff(t.app, a.team, 'editor')).client.get('/api/config/tax')).statusCode).toBe(200);

    expect((await a.client.request('PUT', '/api/config/tax', body({ default_rate: '0' }))).statusCode).toBe(200);
    // b reads and writes its own settings only.
    expect((await b.client.get('/api/config/tax')).json().data.default_rate).toBe(8.1);
    expect((await b.client.request('PUT', '/api/config/tax', body({ default_rate: '8.1' }))).statusCode).toBe(200);
    expect((await rowOf(a.team.id))!.defaultTaxRateBp).toBe(0);
    expect((await rowOf(b.team.id))!.defaultTaxRateBp).toBe(810);
    expect((await t.app.inject({ method: 'GET', url: '/api/config/tax' })).statusCode).toBe(401);
  });

  it('give new tickets and products sent without a rate the default rate', async () => {
    const a = await owner(t.app);
    const activity = await makeActivity(db(), a.team.id);
    const ticket = (extra: Record<string, unknown> = {}) =>
      a.client.post(`/api/courses/${activity.id}/tickets`, { name: { de: 'Ticket', en: 'Ticket' }, price: '20', stock: 10, ...extra });
    const product = () => a.client.post('/api/course/options', { name: { de: 'Essen', en: 'Lunch' }, price: '10', scope: 'participant' });

    // Not registered for VAT (the default, issue 22 item 1): 0 %.
    expect((await ticket()).json().data.tax_rate).toBe(0);
    await a.client.request('PUT', '/api/config/tax', body({ default_rate: '8.1' }));
    const t0 = await ticket();
    expect(t0.statusCode, t0.body).toBe(200);
    expect(t0.json().data.tax_rate).toBe(8.1);
    const p0 = await product();
    expect(p0.statusCode, p0.body).toBe(200);
    expect(p0.json().data.tax_rate).toBe(8.1);
    await a.client.request('PUT', '/api/config/tax', body({ default_rate: '2.6' }));
    const t1 = await ticket();
    expect(t1.statusCode, t1.body).toBe(200);
    expect(t1.json().data.tax_rate).toBe(2.6);
    expect((await product()).json().data.tax_rate).toBe(2.6);
    // An explicit rate wins.
    expect((await ticket({ tax_rate: '3.8' })).json().data.tax_rate).toBe(3.8);
    await a.client.request('PUT', '/api/config/tax', body({ charges_vat: false }));
    expect((await ticket()).json().data.tax_rate).toBe(0);
  });
});
