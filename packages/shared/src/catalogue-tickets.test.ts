import { describe, expect, it } from 'vitest';
import {
  activityProductsBodySchema,
  bpToPercent,
  parsePercentBp,
  productSchema,
  publicActivityQuerySchema,
  ticketSchema,
} from './catalogue-tickets.ts';
import { installValidationMessages } from './validation.ts';

installValidationMessages();

describe('tax rates', () => {
  it('reads percent with up to 2 decimals exactly as basis points', () => {
    expect(parsePercentBp('8.1')).toBe(810);
    expect(parsePercentBp('7,70')).toBe(770);
    expect(parsePercentBp(2.6)).toBe(260);
    expect(parsePercentBp('0')).toBe(0);
    expect(parsePercentBp('100')).toBe(10_000);
    expect(parsePercentBp(' 3.75 ')).toBe(375);
  });

  it('refuses more decimals, more than 100 %, negatives and text', () => {
    for (const v of ['8.123', '100.01', '101', '-1', 'x', '', '1e2', '.5']) expect(parsePercentBp(v), v).toBe(null);
    expect(parsePercentBp('8.')).toBe(800);
  });

  it('writes basis points back as percent', () => {
    expect(bpToPercent(810)).toBe(8.1);
    expect(bpToPercent(770)).toBe(7.7);
    expect(bpToPercent(1)).toBe(0.01);
    expect(bpToPercent(0)).toBe(0);
  });
});

describe('ticket form', () => {
  const schema = ticketSchema(['de', 'en']);
  const base = { name: { de: 'Erwachsene', en: 'Adults' }, price: '12,50', stock: '20' };

  it('applies defaults and reads numeric strings', () => {
    const v = schema.parse({ ...base, max_per_order: '', session_id: '7' });
    expect(v).toMatchObject({ stock: 20, min_per_order: 1, max_per_order: null, visibility: 'public', session_id: 7, sale_start: null });
  });

  it('needs the name in every team language and a whole, non-negative stock', () => {
    const r = schema.safeParse({ ...base, name: { de: 'Erwachsene' }, stock: 1.5 });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => i.path.join('.')).sort()).toEqual(['name.en', 'stock']);
    expect(schema.safeParse({ ...base, stock: -1 }).success).toBe(false);
    expect(schema.safeParse({ ...base, min_per_order: 0 }).success).toBe(false);
  });

  it('accepts ISO with offset or local date-times only', () => {
    for (const ok of ['2026-03-29T19:00', '2026-03-29T19:00:00+02:00', '2026-03-29T17:00:00Z', '2026-03-29 19:00'])
      expect(schema.safeParse({ ...base, sale_start: ok }).success, ok).toBe(true);
    for (const bad of ['29.03.2026', 'tomorrow', '2026-03-29'])
      expect(schema.safeParse({ ...base, sale_start: bad }).error?.issues[0]?.message, bad).toBe('date');
  });
});

describe('product form', () => {
  it('treats an empty stock as unlimited and reads yes/no as 1/0', () => {
    const v = productSchema(['de']).parse({ name: { de: 'Essen' }, price: '5', stock: '', active: '0' });
    expect(v).toMatchObject({ stock: null, active: false, scope: 'order', min_per_order: 0 });
    expect(productSchema(['de']).safeParse({ name: { de: 'Essen' }, price: '5', scope: 'team' }).success).toBe(false);
  });
});

describe('activity products and the public query', () => {
  it('takes ids as numbers only (a route body, not a form) and defaults ticket_ids', () => {
    expect(activityProductsBodySchema.parse({ items: [{ product_id: 3 }] })).toEqual({ items: [{ product_id: 3, ticket_ids: [] }] });
    expect(activityProductsBodySchema.safeParse({ items: [{ product_id: '3' }] }).success).toBe(false);
    expect(activityProductsBodySchema.safeParse({ items: [{ product_id: 0 }] }).success).toBe(false);
  });

  it('falls back to defaults for malformed query values', () => {
    expect(publicActivityQuerySchema.parse({ page: 'x', perPage: '500', type_set_id: '-3', from: 'soon', lang: 'it' })).toEqual({
      page: 1,
      perPage: 100,
      type_set_id: undefined,
      location_id: undefined,
      from: undefined,
      to: undefined,
      lang: undefined,
    });
    expect(publicActivityQuerySchema.parse({})).toMatchObject({ page: 1, perPage: 10 });
    expect(publicActivityQuerySchema.parse({ page: '3', perPage: '25', from: '2026-05-01', lang: 'fr' })).toMatchObject({
      page: 3,
      perPage: 25,
      from: '2026-05-01',
      lang: 'fr',
    });
  });
});
