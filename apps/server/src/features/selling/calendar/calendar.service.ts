import {
  CALENDAR_MAX_EVENTS,
  CALENDAR_PAST_DAYS,
  pickText,
  SEAT_HOLDING_STATUSES,
  webcalUrl,
  type InstructorFeed,
  type InstructorFeedCreated,
  type Language,
} from '@bookla/shared';
import type { Config } from '../../../config/env.ts';
import type { DbOrTx } from '../../../db/client.ts';
import { translate } from '../../../lib/i18n.ts';
import { notFound } from '../../../lib/app-error.ts';
import { randomToken, sha256 } from '../../../lib/tokens.ts';
import { orderByLink } from '../orders/index.ts';
import { findShopTeam } from '../settings/index.ts';
import { writeCalendar, type IcsEvent } from './ical.ts';
import { calendarHost, calendarProdId, orderCalendarFile } from './order-file.ts';
import * as repo from './calendar.repo.ts';
import type { SessionRow } from './calendar.repo.ts';

/**
 * Calendar feeds (CONTRACT §8, docs/api/calendar.md, decision 028): a team's published programme,
 * an instructor's private feed and an order's "add to calendar" file, all written by ical.ts.
 *
 * A session's UID never changes (`session-<id>@<host>`; the instructor's and the order's files
 * add their own suffix, so a calendar that holds two of them keeps both), so a client that fetches
 * a feed again updates the event in place when a date moves, and shows it struck through when the
 * date is cancelled (`STATUS:CANCELLED`) instead of losing it.
 */
export interface CalendarDeps {
  db: DbOrTx;
  config: Pick<Config, 'appUrl' | 'sessionSecret' | 'appName'>;
}

/** Instructor feeds' tokens: recognisable in a leaked log or a support mail, 256 random bits. */
const TOKEN_PREFIX = 'bkc_';
const TOKEN = /^bkc_[A-Za-z0-9_-]{43}$/;

const host = calendarHost;
const prodId = calendarProdId;
const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const since = (now: Date) => new Date(now.getTime() - CALENDAR_PAST_DAYS * 86_400_000);

function locationText(row: SessionRow, lang: Language): string | undefined {
  const name = row.location_name ? pickText(row.location_name, lang) : '';
  const place = [row.postal_code, row.city].filter(Boolean).join(' ');
  const parts = [name, row.address ?? '', place].map((p) => p.trim()).filter(Boolean);
  return parts.length ? parts.join(', ') : undefined;
}

/** The shop's page of a published activity, in the feed's language. */
const activityUrl = (config: CalendarDeps['config'], lang: Language, teamId: number, activityId: number) =>
  `${config.appUrl}/${lang}/shop/${teamId}/activity/${activityId}`;

interface EventOptions {
  lang: Language;
  teamId: number;
  uidSuffix: string;
  /** More lines of the description (participants, the order's state). */
  extra?: (row: SessionRow) => string[];
}

function toEvent(deps: CalendarDeps, row: SessionRow, opts: EventOptions): IcsEvent {
  const { lang } = opts;
  const cancelled = row.status === 'cancelled';
  const name = pickText(row.name, lang);
  const note = pickText(row.note, lang);
  const description = [note, ...(opts.extra?.(row) ?? [])].filter(Boolean).join('\n');
  const published = row.activity_status === 'published';
  return {
    uid: `session-${row.id}${opts.uidSuffix}@${host(deps.config)}`,
    start: asDate(row.starts_at),
    end: asDate(row.ends_at),
    modified: asDate(row.modified),
    // Clients that ignore STATUS still say so in the title.
    summary: cancelled ? `${translate(lang, 'calendar:cancelled')}: ${name}` : name,
    ...(description ? { description } : {}),
    ...(locationText(row, lang) ? { location: locationText(row, lang)! } : {}),
    ...(published ? { url: activityUrl(deps.config, lang, opts.teamId, row.activity_id) } : {}),
    cancelled,
  };
}

/** `/{lang}/shop/{teamId}/calendar.ics`: the team's published dates of the last 30 days and ahead; unknown team: 404. */
export async function programmeFeed(deps: CalendarDeps, ref: string, lang: Language, now = new Date()) {
  const team = await findShopTeam(deps.db, ref);
  if (!team) throw notFound();
  const rows = await repo.programmeSessions(deps.db, team.id, since(now), CALENDAR_MAX_EVENTS);
  const body = writeCalendar({
    prodId: prodId(deps.config),
    name: translate(lang, 'calendar:programme', { team: team.name }),
    description: translate(lang, 'calendar:programme_description', { team: team.name }),
    timeZone: team.timeZone,
    refreshMinutes: 60,
    events: rows.map((row) => toEvent(deps, row, { lang, teamId: team.id, uidSuffix: '' })),
  });
  return { body, teamId: team.id };
}

function bookedLine(lang: Language, row: SessionRow): string {
  const paid = Number(row.paid ?? 0);
  const unpaid = Number(row.unpaid ?? 0);
  return paid + unpaid === 0 ? translate(lang, 'calendar:booked_none') : translate(lang, 'calendar:booked', { paid, unpaid });
}

/** An instructor's private feed by its token; unknown, malformed or revoked: 404. */
export async function instructorFeed(deps: CalendarDeps, token: string, lang: Language | undefined, now = new Date()) {
  if (!TOKEN.test(token)) throw notFound();
  const feed = await repo.feedByHash(deps.db, sha256(token));
  if (!feed) throw notFound();
  const team = await findShopTeam(deps.db, String(feed.teamId));
  if (!team) throw notFound();
  const language = lang ?? team.languages[0] ?? 'de';
  const rows = await repo.instructorSessions(deps.db, team.id, feed.resourceId, since(now), CALENDAR_MAX_EVENTS);
  await repo.touchFeed(deps.db, feed.resourceId, now);
  const name = pickText(feed.name, language);
  return writeCalendar({
    prodId: prodId(deps.config),
    name: translate(language, 'calendar:instructor', { name, team: team.name }),
    description: translate(language, 'calendar:instructor_description', { name, team: team.name }),
    timeZone: team.timeZone,
    refreshMinutes: 30,
    events: rows.map((row) =>
      toEvent(deps, row, {
        lang: language,
        teamId: team.id,
        uidSuffix: `-instructor-${feed.resourceId}`,
        extra: (r) => [bookedLine(language, r), ...(r.activity_status === 'published' ? [] : [translate(language, 'calendar:draft')])],
      }),
    ),
  });
}

/** `GET /api/public/orders/{publicId}/calendar.ics?token=…`: the order link's token is the key (wrong token: 404). */
export async function publicOrderCalendar(deps: CalendarDeps, publicId: string, token: unknown, lang: Language | undefined) {
  const order = await orderByLink(deps, publicId, token, 'view');
  const team = await findShopTeam(deps.db, String(order.teamId));
  if (!team) throw notFound();
  const language = lang ?? order.language;
  const rows = await repo.orderSessions(deps.db, team.id, order.id);
  return orderCalendarFile(deps.config, {
    lang: language,
    team,
    number: order.number,
    // An order that no longer holds its seats (cancelled, expired, refunded): every date cancelled.
    ended: !SEAT_HOLDING_STATUSES.includes(order.paymentStatus),
    dates: rows.map((row) => ({
      sessionId: row.id,
      activityId: row.activity_id,
      name: pickText(row.name, language),
      start: asDate(row.starts_at),
      end: asDate(row.ends_at),
      modified: asDate(row.modified),
      ...(locationText(row, language) ? { location: locationText(row, language)! } : {}),
      cancelled: row.status === 'cancelled',
      published: row.activity_status === 'published',
    })),
  });
}

// ─── The back office: an instructor's private feed ──────────────────────────

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `GET /api/sa/resources/{groupId}/calendar-feeds`: the group's instructors and whether each has a feed (none for other kinds); another team's group: 404. */
export async function listInstructorFeeds(db: DbOrTx, teamId: number, groupId: number, lang: Language): Promise<InstructorFeed[]> {
  if (!(await repo.groupExists(db, teamId, groupId))) throw notFound();
  const rows = await repo.feedsOfGroup(db, teamId, groupId);
  return rows.map((r) => ({
    resource_id: r.resourceId,
    name_text: pickText(r.name, lang),
    active: r.createdAt !== null,
    created_at: iso(r.createdAt),
    last_used_at: iso(r.lastUsedAt),
  }));
}

/** The feed's address for a token. */
export function instructorFeedUrl(config: CalendarDeps['config'], token: string, lang: Language): string {
  return `${config.appUrl}/api/public/instructor-calendars/${token}.ics?lang=${lang}`;
}

/** A new private address for an instructor resource (the earlier one stops working); another team's or not an instructor: 404. */
export async function createInstructorFeed(
  deps: CalendarDeps,
  teamId: number,
  resourceId: number,
  userId: number | null,
  lang: Language,
): Promise<InstructorFeedCreated> {
  const instructor = await repo.findInstructor(deps.db, teamId, resourceId);
  if (!instructor) throw notFound();
  const token = TOKEN_PREFIX + randomToken(32);
  const saved = await repo.saveFeed(deps.db, teamId, resourceId, sha256(token), userId);
  const url = instructorFeedUrl(deps.config, token, lang);
  return { resource_id: resourceId, url, webcal_url: webcalUrl(url), created_at: saved.createdAt.toISOString() };
}

/** Revokes the feed: its address answers 404 from now on. No feed, another team's or not an instructor: 404. */
export async function revokeInstructorFeed(db: DbOrTx, teamId: number, resourceId: number): Promise<void> {
  const instructor = await repo.findInstructor(db, teamId, resourceId);
  if (!instructor || !(await repo.deleteFeed(db, teamId, resourceId))) throw notFound();
}
