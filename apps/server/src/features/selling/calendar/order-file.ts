import type { Language } from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import { translate } from '../../../lib/i18n.ts';
import { writeCalendar } from './ical.ts';

/**
 * An order's "add to calendar" file (CONTRACT §8): one event per booked date, for the order page's
 * download (calendar.service.ts, read with its own query) and the order mails' attachment
 * (documents/calendar-attachment.ts, from the context the mail was composed from). One place
 * decides its UIDs, texts and name, so both give the same file.
 */
export interface OrderFileDate {
  sessionId: number;
  activityId: number | null;
  name: string;
  start: Date;
  end: Date;
  /** When the date's information last changed; unknown (the mail's context): the file's `now`. */
  modified?: Date;
  location?: string;
  cancelled?: boolean;
  /** The activity is published: the event links to its shop page. */
  published?: boolean;
}

export interface OrderFileInput {
  lang: Language;
  team: { id: number; name: string; timeZone: string };
  number: number;
  /** The order no longer holds its seats: every date cancelled. */
  ended: boolean;
  dates: OrderFileDate[];
  now?: Date;
}

type FileConfig = Pick<Config, 'appUrl' | 'appName'>;

export const calendarHost = (config: Pick<Config, 'appUrl'>) => new URL(config.appUrl).hostname;
export const calendarProdId = (config: Pick<Config, 'appName'>) => `-//${config.appName.replace(/[\r\n/]/g, ' ')}//Calendar feeds//EN`;

export function orderCalendarFile(config: FileConfig, input: OrderFileInput): { filename: string; content: string } {
  const { lang, team } = input;
  const now = input.now ?? new Date();
  const seen = new Set<number>();
  const dates = input.dates.filter((d) => !seen.has(d.sessionId) && seen.add(d.sessionId));
  const content = writeCalendar({
    prodId: calendarProdId(config),
    name: translate(lang, 'calendar:order', { team: team.name, number: input.number }),
    timeZone: team.timeZone,
    events: dates.map((d) => {
      const cancelled = input.ended || !!d.cancelled;
      return {
        uid: `session-${d.sessionId}-order@${calendarHost(config)}`,
        start: d.start,
        end: d.end,
        modified: d.modified ?? now,
        summary: cancelled ? `${translate(lang, 'calendar:cancelled')}: ${d.name}` : d.name,
        ...(input.ended ? { description: translate(lang, 'calendar:order_ended') } : {}),
        ...(d.location ? { location: d.location } : {}),
        ...(d.published && d.activityId !== null ? { url: `${config.appUrl}/${lang}/shop/${team.id}/activity/${d.activityId}` } : {}),
        cancelled,
      };
    }),
  });
  return { filename: `booking-${input.number}.ics`, content };
}
