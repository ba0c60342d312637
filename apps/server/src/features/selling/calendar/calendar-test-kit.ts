import ICAL from 'ical.js';
import { expect } from 'vitest';

/** Calendar tests: a feed parsed by an independent parser (ical.js), and the RFC 5545 line rules. */
export function parseCalendar(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  expect(root.name).toBe('vcalendar');
  return {
    root,
    events: root.getAllSubcomponents('vevent').map((c) => {
      const event = new ICAL.Event(c);
      return {
        uid: event.uid,
        summary: event.summary,
        location: event.location,
        description: event.description,
        start: event.startDate.toJSDate(),
        end: event.endDate.toJSDate(),
        status: String(c.getFirstPropertyValue('status')),
        dtstamp: (c.getFirstPropertyValue('dtstamp') as ICAL.Time | null)?.toJSDate(),
        url: c.getFirstPropertyValue('url') as string | null,
      };
    }),
  };
}

/** Every line ends in CRLF and holds at most 75 octets (RFC 5545 §3.1). */
export function expectWellFormed(text: string) {
  expect(text.endsWith('\r\n')).toBe(true);
  const lines = text.slice(0, -2).split('\r\n');
  for (const line of lines) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
  expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
}
