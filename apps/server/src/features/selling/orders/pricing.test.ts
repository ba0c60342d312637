import { describe, expect, it } from 'vitest';
import { priceOrder, type PriceLine } from './pricing.ts';

const line = (unitPriceMinor: number, quantity = 1, taxRateBp = 810, discountable = true): PriceLine => ({
  unitPriceMinor,
  quantity,
  taxRateBp,
  discountable,
});
const vat = { chargesVat: true, plan: 'payg' as const };

describe('priceOrder', () => {
  it('adds the lines (prices include VAT) and takes the VAT out per line, rounded per line', () => {
    // 3 × 9.95 = 29.85 → 29.85 × 8.1/108.1 = 2.2367 → 2.24; 1 × 0.10 at 2.6 % → 0.0025 → 0.00; 19.90 at 3.8 % → 0.7286 → 0.73.
    const p = priceOrder([line(995, 3), line(10, 1, 260), line(1990, 1, 380)], vat);
    expect(p.lines.map((l) => [l.grossMinor, l.totalMinor, l.taxMinor])).toEqual([
      [2985, 2985, 224],
      [10, 10, 0],
      [1990, 1990, 73],
    ]);
    expect(p).toMatchObject({ subtotalMinor: 4985, discountTotalMinor: 0, totalMinor: 4985, taxTotalMinor: 297 });
    expect(p.taxes).toEqual([
      { rateBp: 810, taxMinor: 224, grossMinor: 2985 },
      { rateBp: 380, taxMinor: 73, grossMinor: 1990 },
      { rateBp: 260, taxMinor: 0, grossMinor: 10 },
    ]);
  });

  it('sums the taxes per rate to the tax total, and the lines to the total, for many carts', () => {
    let seed = 7;
    const rnd = (n: number) => (seed = (seed * 48271) % 2147483647) % n;
    for (let cart = 0; cart < 300; cart++) {
      const lines = Array.from({ length: 1 + rnd(6) }, () => line(rnd(20000), 1 + rnd(4), [810, 260, 380, 0][rnd(4)]!, rnd(3) > 0));
      const discount = rnd(2) ? { type: 'percent' as const, value: 1 + rnd(10000) } : { type: 'fixed' as const, value: 1 + rnd(50000) };
      const p = priceOrder(lines, { ...vat, discount });
      expect(p.lines.reduce((a, l) => a + l.totalMinor, 0)).toBe(p.totalMinor);
      expect(p.lines.reduce((a, l) => a + l.discountMinor, 0)).toBe(p.discountTotalMinor);
      expect(p.taxes.reduce((a, t) => a + t.taxMinor, 0)).toBe(p.taxTotalMinor);
      expect(p.totalMinor).toBe(p.subtotalMinor - p.discountTotalMinor);
      expect(p.totalMinor).toBeGreaterThanOrEqual(0);
      for (const [i, l] of p.lines.entries()) {
        if (!lines[i]!.discountable) expect(l.discountMinor).toBe(0);
        expect(l.totalMinor).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('gives a percent discount on eligible lines only, spread by their share, VAT on the discounted amount', () => {
    // 10 % of (50.00 + 30.00) = 8.00 → 5.00 + 3.00; the 40.00 line is not eligible.
    const p = priceOrder([line(5000), line(3000, 1, 260), line(4000, 1, 810, false)], {
      ...vat,
      discount: { type: 'percent', value: 1000 },
    });
    expect(p.lines.map((l) => [l.discountMinor, l.totalMinor, l.taxMinor])).toEqual([
      [500, 4500, 337],
      [300, 2700, 68],
      [0, 4000, 300],
    ]);
    expect(p).toMatchObject({ subtotalMinor: 12000, discountTotalMinor: 800, totalMinor: 11200, taxTotalMinor: 705 });
  });

  it('rounds a percent discount half up and spreads the remainder so the parts add up', () => {
    // 12.5 % of 3 × 3.33 = 1.24875 → 1.25, over three equal lines: 42 + 42 + 41.
    const p = priceOrder([line(333), line(333), line(333)], { ...vat, discount: { type: 'percent', value: 1250 } });
    expect(p.discountTotalMinor).toBe(125);
    expect(p.lines.map((l) => l.discountMinor)).toEqual([42, 42, 41]);
  });

  it('caps a fixed discount at the eligible amount (the order becomes free)', () => {
    const p = priceOrder([line(1500, 2)], { ...vat, discount: { type: 'fixed', value: 5000 } });
    expect(p).toMatchObject({ discountTotalMinor: 3000, totalMinor: 0, taxTotalMinor: 0, platformFeeMinor: 0 });
  });

  it('charges no VAT for a team that does not (rate 0 on every line)', () => {
    const p = priceOrder([line(5000), line(1000, 1, 260)], { chargesVat: false, plan: 'payg' });
    expect(p.lines.map((l) => [l.taxRateBp, l.taxMinor])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(p.taxes).toEqual([]);
    expect(p.taxTotalMinor).toBe(0);
  });

  it('computes the platform fee from the total and the tier (none for free orders)', () => {
    expect(priceOrder([line(10000)], { ...vat, plan: 'payg' }).platformFeeMinor).toBe(790 + 49);
    expect(priceOrder([line(10000)], { ...vat, plan: 'business' }).platformFeeMinor).toBe(390 + 49);
    // 7.9 % of 12.34 = 0.97486 → 0.97.
    expect(priceOrder([line(1234)], { ...vat, plan: 'payg' }).platformFeeMinor).toBe(97 + 49);
    expect(priceOrder([line(0)], { ...vat, plan: 'payg' }).platformFeeMinor).toBe(0);
  });

  it('refuses impossible lines (a bug upstream, not a customer error)', () => {
    expect(() => priceOrder([line(-1)], vat)).toThrow(RangeError);
    expect(() => priceOrder([line(100, 0)], vat)).toThrow(RangeError);
  });
});
