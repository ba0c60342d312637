import { describe, expect, it } from 'vitest';
import { MASK, redactText, redactUrl } from './log-redaction.ts';

describe('secrets in logged URLs', () => {
  it("masks an instructor's private calendar feed token, also with its .ics ending", () => {
    const token = 'Xk3kZ9d8Fq1pLm2nB7vC4tR6yH0wQ5eA3sD8fG1hJ2k';
    expect(redactUrl(`/api/public/instructor-calendars/${token}.ics?lang=de`)).toBe(`/api/public/instructor-calendars/${MASK}?lang=de`);
    // By its pattern too, when the token holds no digit.
    expect(redactUrl('/api/public/instructor-calendars/abcdefghijklmnopqrstuvwxyzABCDEFGH.ics')).toBe(
      `/api/public/instructor-calendars/${MASK}`,
    );
    // Any token-like file name, for links not listed yet.
    expect(redactUrl(`/files/${token}.pdf`)).toBe(`/files/${MASK}`);
    expect(redactText(`GET /api/public/instructor-calendars/${token}.ics failed`)).not.toContain(token);
  });

  it('keeps ordinary file names and paths readable', () => {
    expect(redactUrl('/de/shop/12/calendar.ics')).toBe('/de/shop/12/calendar.ics');
    expect(redactUrl('/api/orders/12/tickets.pdf')).toBe('/api/orders/12/tickets.pdf');
  });
});
