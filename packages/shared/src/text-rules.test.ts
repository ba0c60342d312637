import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { validateBookingAnswers, type BookingFieldDef } from './booking-answers.ts';
import { orderBodySchema } from './selling.ts';
import { registerTeamSchema, registerUserSchema } from './auth.ts';
import { teamGeneralShape } from './teams.ts';
import { translatedInputSchema } from './catalogue.ts';
import { installValidationMessages, multiLine, singleLine } from './validation.ts';
import { waitingListJoinBodySchema } from './waiting-list.ts';

installValidationMessages();

const messages = (r: { success: boolean; error?: z.ZodError }) => (r.error?.issues ?? []).map((i) => `${i.path.join('.')}:${i.message}`);

describe('single-line text fields refuse control characters', () => {
  const bad = [
    'Line\nbreak',
    'Carriage\rreturn',
    'Tab\there',
    'Bell\u0007',
    'DEL\u007f',
    'C1\u0085next',
    'LS\u2028sep',
    'PS\u2029sep',
    'NUL\u0000',
  ];

  it('singleLine: every control character is a 422 single_line; ordinary text (accents, emoji) passes', () => {
    const s = singleLine(z.string().trim().max(100));
    for (const v of bad) expect(s.safeParse(v).error?.issues[0]?.message, JSON.stringify(v)).toBe('single_line');
    for (const v of ['Zoë Müller-Ćosić', 'École & Co. 🎉', "O'Brien", '  trimmed  ']) expect(s.safeParse(v).success, v).toBe(true);
    // Trimmed first: a trailing line break of a paste is gone, not refused.
    expect(s.parse('Name\n')).toBe('Name');
  });

  it('multiLine keeps line breaks and tabs but refuses other controls', () => {
    const s = multiLine(z.string());
    expect(s.safeParse('Para 1\r\n\tPara 2\nend').success).toBe(true);
    for (const v of ['Bell\u0007', 'NUL\u0000', 'ESC\u001b[31m', 'C1\u0085'])
      expect(s.safeParse(v).error?.issues[0]?.message).toBe('control_chars');
  });

  it('team names (register and settings), person names, checkout and waiting-list names', () => {
    expect(messages(z.object(teamGeneralShape).pick({ name: true }).safeParse({ name: 'Team\nBcc: x@evil.example' }))).toEqual([
      'name:single_line',
    ]);
    expect(messages(registerTeamSchema.safeParse({ name: 'A\r\nB' }))).toContain('name:single_line');
    expect(messages(registerUserSchema.safeParse({ firstname: 'A\nB' }))).toContain('firstname:single_line');
    const customer = { firstname: 'Eve\nSubject: hi', lastname: 'B', email: 'a@example.com', company: 'X\tY', phone: '1\n2' };
    const order = orderBodySchema.safeParse({ items: [{ ticket_id: 1, quantity: 1 }], customer, participants: [], accept_terms: true });
    expect(messages(order)).toEqual(
      expect.arrayContaining(['customer.firstname:single_line', 'customer.company:single_line', 'customer.phone:single_line']),
    );
    const join = waitingListJoinBodySchema.safeParse({
      activity_id: 1,
      firstname: 'A\u2028B',
      lastname: 'C',
      email: 'a@example.com',
      quantity: 1,
      language: 'de',
    });
    expect(messages(join)).toEqual(['firstname:single_line']);
  });

  it('translatable names are single lines; descriptions still take line breaks', () => {
    expect(messages(translatedInputSchema().safeParse({ de: 'Kurs\nA' }))).toEqual(['de:single_line']);
    expect(translatedInputSchema(2000).safeParse({ de: 'Absatz 1\n\nAbsatz 2\twith tab' }).success).toBe(true);
    expect(messages(translatedInputSchema(2000).safeParse({ de: 'x\u0007' }))).toEqual(['de:control_chars']);
  });

  it('booking answers: a text answer is one line, a textarea answer keeps line breaks', () => {
    const fields: BookingFieldDef[] = [
      { id: 1, type: 'text', required: false, options: [], visible_if: null },
      { id: 2, type: 'textarea', required: false, options: [], visible_if: null },
    ];
    expect(validateBookingAnswers(fields, { 1: 'a\nb', 2: 'line 1\nline 2' }).issues).toEqual([
      { code: 'custom', path: ['1'], message: 'single_line' },
    ]);
    expect(validateBookingAnswers(fields, { 1: 'ab', 2: 'line 1\nline 2\tx' })).toEqual({
      issues: [],
      answers: { 1: 'ab', 2: 'line 1\nline 2\tx' },
    });
  });
});
