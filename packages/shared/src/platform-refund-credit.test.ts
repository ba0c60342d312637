import { describe, expect, it } from 'vitest';
import { refundFeeCreditMinor } from './platform.ts';

/**
 * The fee given back for refunds (decision 031): rounding on the running sum, so credits add up to
 * the fee. Arguments: fee, order total, refunded before this refund, this refund.
 */
describe('refundFeeCreditMinor', () => {
  it('gives the whole fee back for a full refund, and nothing for none', () => {
    expect(refundFeeCreditMinor(839, 10000, 0, 10000)).toBe(839);
    expect(refundFeeCreditMinor(839, 10000, 0, 0)).toBe(0);
    expect(refundFeeCreditMinor(839, 10000, 2500, 0)).toBe(0);
  });

  it('gives half the fee back for half the total (rounded half up)', () => {
    expect(refundFeeCreditMinor(839, 10000, 0, 5000)).toBe(420);
    expect(refundFeeCreditMinor(839, 10000, 5000, 5000)).toBe(419);
  });

  it('sums to exactly the fee over any sequence of partial refunds', () => {
    const fee = 146;
    const total = 1234;
    for (const steps of [[1, 1, 1, 1231], [333, 333, 333, 235], [617, 617], Array.from({ length: 1234 }, () => 1)]) {
      let before = 0;
      let sum = 0;
      for (const step of steps) {
        const credit = refundFeeCreditMinor(fee, total, before, step);
        expect(credit).toBeGreaterThanOrEqual(0);
        sum += credit;
        before += step;
      }
      expect(before).toBe(total);
      expect(sum).toBe(fee);
    }
  });

  it('never credits more than the fee: amounts beyond the total or below zero are clamped', () => {
    expect(refundFeeCreditMinor(839, 10000, 0, 20000)).toBe(839);
    expect(refundFeeCreditMinor(839, 10000, 10000, 2000)).toBe(0);
    expect(refundFeeCreditMinor(839, 10000, -500, 500)).toBe(0);
  });

  it('credits nothing when there was no fee (test-mode or free orders)', () => {
    expect(refundFeeCreditMinor(0, 10000, 0, 10000)).toBe(0);
    expect(refundFeeCreditMinor(49, 0, 0, 0)).toBe(0);
  });
});
