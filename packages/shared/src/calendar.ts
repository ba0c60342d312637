import { z } from 'zod';
import { LANGUAGES } from './i18n.ts';

/**
 * Calendar feeds (iCalendar, RFC 5545; CONTRACT §8, docs/api/calendar.md): a team's published
 * programme, an instructor's private feed and an order's "add to calendar" file.
 */

/** Past dates a feed still lists (a calendar keeps showing what happened last month); later dates: all. */
export const CALENDAR_PAST_DAYS = 30;
/** How many events one feed holds at most (the earliest go first past it). */
export const CALENDAR_MAX_EVENTS = 2000;

/** `GET /api/public/instructor-calendars/{token}.ics?lang=…`: the language of the texts (default: the team's first). */
export const calendarFeedQuerySchema = z.object({ lang: z.enum(LANGUAGES).optional().catch(undefined) });

/**
 * An instructor resource's private feed as the back office sees it
 * (`GET /api/sa/resources/{groupId}/calendar-feeds`): whether one exists, never its URL (only its
 * hash is stored; the URL is shown once, when made).
 */
export const instructorFeedSchema = z.object({
  resource_id: z.number().int(),
  name_text: z.string(),
  active: z.boolean(),
  created_at: z.string().nullable(),
  /** When a calendar client last fetched the feed (to within 10 minutes). */
  last_used_at: z.string().nullable(),
});
export type InstructorFeed = z.infer<typeof instructorFeedSchema>;

/** `POST /api/sa/instructors/{resourceId}/calendar-feed`: a new private URL (the previous one stops working). Shown once. */
export const instructorFeedCreatedSchema = z.object({
  resource_id: z.number().int(),
  /** `https://…/api/public/instructor-calendars/{token}.ics` */
  url: z.string(),
  /** The same address as `webcal://…`: a click opens the subscription in Apple Calendar and Outlook. */
  webcal_url: z.string(),
  created_at: z.string(),
});
export type InstructorFeedCreated = z.infer<typeof instructorFeedCreatedSchema>;

/** `webcal://host/path` for an `http(s)://host/path`: calendar apps subscribe to it on a click. */
export const webcalUrl = (url: string): string => url.replace(/^https?:\/\//, 'webcal://');
