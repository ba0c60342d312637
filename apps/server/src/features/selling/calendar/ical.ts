/**
 * A small iCalendar (RFC 5545) writer: what our feeds need and nothing else.
 *
 * - Lines end in CRLF and are folded at 75 octets (§3.1): a longer line continues on the next
 *   one after a single space, never inside a UTF-8 character.
 * - TEXT values escape `\`, `;`, `,` and newlines (§3.3.11).
 * - Times are UTC (`YYYYMMDDTHHMMSSZ`, §3.3.5 form 2): valid everywhere without a VTIMEZONE, and
 *   Google, Apple and Outlook show them in the viewer's own zone. The team's zone is named in
 *   `X-WR-TIMEZONE` for clients that show the calendar's zone.
 * - No METHOD: a published calendar (feeds and the order's file), not an invitation, so DTSTAMP is
 *   when the event's information last changed (§3.8.7.2), like LAST-MODIFIED. Equal data, equal
 *   bytes: a feed nobody changed answers the same tag (304) to a polling client.
 */

export interface IcsEvent {
  /** Stable per session, across feeds and time: `session-<id>@<host>`. */
  uid: string;
  start: Date;
  end: Date;
  /** When the event's information last changed (DTSTAMP and LAST-MODIFIED). */
  modified: Date;
  summary: string;
  description?: string;
  location?: string;
  url?: string;
  cancelled?: boolean;
}

export interface IcsCalendar {
  /** `-//Bookla//Calendar feed//EN` style product identifier. */
  prodId: string;
  name: string;
  description?: string;
  timeZone?: string;
  /** How often a subscribed client should fetch again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
  refreshMinutes?: number;
  events: IcsEvent[];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** `20260601T080000Z` */
export function icsUtc(date: Date): string {
  return (
    `${pad(date.getUTCFullYear(), 4)}${pad(date.getUTCMonth() + 1)}${pad(date.getUTCDate())}` +
    `T${pad(date.getUTCHours())}${pad(date.getUTCMinutes())}${pad(date.getUTCSeconds())}Z`
  );
}

/** A TEXT value: backslash, semicolon, comma and line breaks escaped; other control characters dropped. */
export function icsText(value: string): string {
  return value
    .replace(/\r\n?/g, '\n')
    .replace(/[\\;,]/g, (c) => `\\${c}`)
    .replace(/\n/g, '\\n')
    .replace(/\p{Cc}/gu, '');
}

/** One content line, folded at 75 octets (continuations start with a space, which counts). */
export function foldLine(line: string): string {
  const out: string[] = [];
  let current = '';
  let octets = 0;
  for (const char of line) {
    const size = Buffer.byteLength(char, 'utf8');
    const limit = out.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      out.push(current);
      current = '';
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

function eventLines(event: IcsEvent): string[] {
  const lines = [
    'BEGIN:VEVENT',
    `UID:${icsText(event.uid)}`,
    `DTSTAMP:${icsUtc(event.modified)}`,
    `LAST-MODIFIED:${icsUtc(event.modified)}`,
    `DTSTART:${icsUtc(event.start)}`,
    `DTEND:${icsUtc(event.end > event.start ? event.end : new Date(event.start.getTime() + 60_000))}`,
    `SUMMARY:${icsText(event.summary)}`,
  ];
  if (event.description) lines.push(`DESCRIPTION:${icsText(event.description)}`);
  if (event.location) lines.push(`LOCATION:${icsText(event.location)}`);
  if (event.url) lines.push(`URL:${event.url}`);
  lines.push(`STATUS:${event.cancelled ? 'CANCELLED' : 'CONFIRMED'}`, 'TRANSP:OPAQUE', 'END:VEVENT');
  return lines;
}

/** The whole calendar as text (UTF-8, CRLF line ends). */
export function writeCalendar(calendar: IcsCalendar): string {
  const lines = ['BEGIN:VCALENDAR', 'VERSION:2.0', `PRODID:${calendar.prodId}`, 'CALSCALE:GREGORIAN'];
  lines.push(`X-WR-CALNAME:${icsText(calendar.name)}`);
  if (calendar.description) lines.push(`X-WR-CALDESC:${icsText(calendar.description)}`);
  if (calendar.timeZone) lines.push(`X-WR-TIMEZONE:${icsText(calendar.timeZone)}`);
  if (calendar.refreshMinutes) {
    lines.push(`REFRESH-INTERVAL;VALUE=DURATION:PT${calendar.refreshMinutes}M`, `X-PUBLISHED-TTL:PT${calendar.refreshMinutes}M`);
  }
  for (const event of calendar.events) lines.push(...eventLines(event));
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n') + '\r\n';
}
