import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_PATTERN, validateBookingAnswers } from './booking-answers.ts';

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

  it('imports nothing at run time (the shop bundle stays free of zod)', () => {
    const source = readFileSync(new URL('./booking-answers.ts', import.meta.url), 'utf8');
    const imports = source.split('\n').filter((line) => /^import\b/.test(line));
    expect(imports.every((line) => line.startsWith('import type '))).toBe(true);
  });
});
