import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN, validateBookingAnswers } from './booking-answers.ts';

// That the file stays free of zod is checked where it matters: apps/web/src/shop/bundle-hygiene.test.ts.
describe('the zod-free answer engine', () => {
  it('checks e-mail addresses with exactly zod’s pattern', () => {
    expect(EMAIL_PATTERN.source).toBe(z.regexes.email.source);
    expect(EMAIL_PATTERN.flags).toBe(z.regexes.email.flags);
    const field = { id: 1, type: 'email' as const, required: true, options: [], visible_if: null };
    for (const sample of ['a@b.ch', 'first.last+tag@sub.example.org', 'a..b@c.ch', 'x@y', '@b.ch', 'a@b.c']) {
      const ours = validateBookingAnswers([field], { 1: sample }).issues.length === 0;
      expect(ours, sample).toBe(z.email().safeParse(sample).success);
    }
  });
});
