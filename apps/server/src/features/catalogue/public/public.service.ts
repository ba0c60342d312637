import {
  bpToPercent,
  minorToDecimal,
  pickText,
  type ChoiceOption,
  type Language,
  type PublicActivity,
  type PublicActivityListQuery,
  type PublicBookingField,
  type PublicFilters,
} from '@bookla/shared';
import { toZonedIso, toZonedIsoOrNull, zonedTimeToUtc } from '@bookla/shared/zoned-time';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.ts';
import { notFound } from '../../../lib/app-error.ts';
import { translate } from '../../../lib/i18n.ts';
import { schedulePeriodic } from '../../../lib/periodic.ts';
import { getSellingSettings, paymentMethodsFor, type SellingSettings } from '../../selling/settings/index.ts';
import { headerImageUrls } from '../activities/index.ts';
import * as repo from './public.repo.ts';
import type { PublicFieldJson, PublicPageQuery } from './public.repo.ts';

/**
 * The public read model (shop, embeds, landing page demo): published activities of one team with
 * their upcoming dates, public tickets on sale with live availability, location, header image and
 * attribute values, all in one language. No session, no team from a session: the team is the
 * one in the path, and only what a buyer may see leaves here.
 */

/** Dates listed per activity in the list; the detail lists every upcoming one (≤ 500 per activity). */
const LIST_SESSIONS = 10;
const DETAIL_SESSIONS = 500;

function dayStart(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  return zonedTimeToUtc({ year, month, day: date, hour: 0, minute: 0 }, timeZone);
}

/** `from`/`to` are days in the team's zone; `to` includes its whole day. Never before now. */
function dateWindow(q: Pick<PublicActivityListQuery, 'from' | 'to'>, timeZone: string, now = new Date()): { from: Date; to: Date | null } {
  const from = q.from ? dayStart(q.from, timeZone) : now;
  let to: Date | null = null;
  if (q.to) {
    const next = new Date(`${q.to}T00:00:00Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    to = dayStart(next.toISOString().slice(0, 10), timeZone);
  }
  return { from: from > now ? from : now, to };
}

function valueLabel(type: string, options: ChoiceOption[], value: unknown, lang: Language): string | string[] | null {
  const label = (v: unknown) => {
    const option = options.find((o) => o.value === String(v));
    return option ? pickText(option.label, lang) : String(v);
  };
  if (type === 'select') return value === null || value === undefined ? null : label(value);
  if (type === 'multiselect') return Array.isArray(value) ? value.map(label) : null;
  return null;
}

/** Booking fields in the request language; a field in the type set and the activity once, as the type set's. */
function bookingFields(rows: PublicFieldJson[] | null, lang: Language): PublicBookingField[] {
  const seen = new Set<number>();
  return (rows ?? []).flatMap((f) => {
    if (seen.has(f.id)) return [];
    seen.add(f.id);
    return [
      {
        id: f.id,
        type: f.type,
        label: pickText(f.label, lang),
        help: pickText(f.help, lang),
        options: (f.options ?? []).map((o) => ({ value: o.value, label: pickText(o.label, lang) })),
        scope: f.scope,
        required: f.required,
        visible_if: f.visibleIf ? { field_id: f.visibleIf.field_id, values: [...f.visibleIf.values] } : null,
      },
    ];
  });
}

type Team = NonNullable<Awaited<ReturnType<typeof repo.findTeam>>>;

async function teamOrThrow(db: Db, teamId: number): Promise<Team> {
  const team = await repo.findTeam(db, teamId);
  if (!team) throw notFound();
  return team;
}

/**
 * Whether something that costs money, booking a session that starts at `firstSessionAt`, can be
 * paid now (issue 22 item 2): a method besides `free` is on for it (no invoice when that session is
 * too soon to pay one). The shop never offers what its checkout would refuse at the last step.
 */
function payable(settings: SellingSettings, timeZone: string, firstSessionAt: Date | null): boolean {
  return paymentMethodsFor(settings, { firstSessionAt, timeZone }).some((m) => m !== 'free');
}

async function load(db: Db, team: Team, q: PublicPageQuery, sessionLimit: number, lang: Language) {
  const [rows, settings] = await Promise.all([repo.activityPage(db, team.id, q, sessionLimit), getSellingSettings(db, team.id)]);
  const zone = team.timeZone;
  const data = rows.map((a): PublicActivity => {
    // A ticket books its own date, else the activity's next one (as the checkout reckons it).
    const startOf = (sessionId: number | null) => {
      if (sessionId === null) return a.nextAt;
      const own = (a.sessions ?? []).find((s) => s.id === sessionId);
      return own ? new Date(own.startsAt) : null;
    };
    const canPay = (priceMinor: number, sessionId: number | null) => priceMinor === 0 || payable(settings, zone, startOf(sessionId));
    return {
      id: a.id,
      kind: a.kind,
      name: pickText(a.name, lang),
      description: pickText(a.description, lang),
      type_set: { id: a.typeSetId, name: pickText(a.typeName, lang) },
      location: a.location
        ? {
            id: a.location.id,
            name: pickText(a.location.name, lang),
            address: a.location.address,
            postal_code: a.location.postalCode,
            city: a.location.city,
            country: a.location.country,
          }
        : null,
      header_image: headerImageUrls(a.headerImagePath),
      booking_opens_at: toZonedIsoOrNull(a.bookingOpensAt, zone),
      waiting_list: a.waitingList,
      cancellation_policy: pickText(a.cancellationPolicy, lang),
      next_session_at: toZonedIsoOrNull(a.nextAt, zone),
      sessions: (a.sessions ?? []).map((s) => ({
        id: s.id,
        starts_at: toZonedIso(s.startsAt, zone),
        ends_at: toZonedIso(s.endsAt, zone),
        note: pickText(s.note, lang),
      })),
      tickets: (a.tickets ?? [])
        .filter((t) => canPay(t.priceMinor, t.sessionId))
        .map((t) => ({
          id: t.id,
          session_id: t.sessionId,
          name: pickText(t.name, lang),
          description: pickText(t.description, lang),
          price: minorToDecimal(t.priceMinor, t.currency),
          price_minor: t.priceMinor,
          currency: t.currency,
          tax_rate: bpToPercent(t.taxRateBp),
          min_per_order: t.minPerOrder,
          max_per_order: t.maxPerOrder,
          stock_available: Number(t.available),
          sale_end: toZonedIsoOrNull(t.saleEnd, zone),
        })),
      products: (a.products ?? [])
        .filter((p) => canPay(p.priceMinor, null))
        .map((p) => ({
          id: p.id,
          name: pickText(p.name, lang),
          description: pickText(p.description, lang),
          price: minorToDecimal(p.priceMinor, p.currency),
          price_minor: p.priceMinor,
          currency: p.currency,
          tax_rate: bpToPercent(p.taxRateBp),
          scope: p.scope,
          min_per_order: p.minPerOrder,
          max_per_order: p.maxPerOrder,
          stock_available: p.available === null ? null : Number(p.available),
          ticket_ids: [...(p.ticketIds ?? [])],
        })),
      booking_fields: bookingFields(a.bookingFields, lang),
      attributes: (a.attributes ?? []).map((v) => ({
        attribute_id: v.attributeId,
        type: v.type,
        label: pickText(v.label, lang),
        value: v.value,
        value_label: valueLabel(v.type, v.options, v.value, lang),
      })),
    };
  });
  return { data, total: rows[0]?.total };
}

export async function listPublicActivities(
  db: Db,
  teamId: number,
  query: PublicActivityListQuery,
  lang: Language,
): Promise<{ rows: PublicActivity[]; total: number }> {
  const team = await teamOrThrow(db, teamId);
  const q: PublicPageQuery = {
    page: query.page,
    perPage: query.perPage,
    typeSetId: query.type_set_id,
    locationId: query.location_id,
    attributes: query.attr,
    ...dateWindow(query, team.timeZone),
  };
  const { data, total } = await load(db, team, q, LIST_SESSIONS, lang);
  // An empty page past the end still reports the real total (one more query, only then).
  return { rows: data, total: total ?? (query.page > 1 ? await repo.activityCount(db, teamId, q) : 0) };
}

export async function getPublicActivity(db: Db, teamId: number, activityId: number, lang: Language): Promise<PublicActivity> {
  const team = await teamOrThrow(db, teamId);
  const q: PublicPageQuery = { page: 1, perPage: 1, activityId, from: new Date(), to: null };
  const { data } = await load(db, team, q, DETAIL_SESSIONS, lang);
  if (!data[0]) throw notFound();
  return data[0];
}

/** A listed value of an attribute as the shop offers it: booleans as `1`/`0`, choices with their label. */
function filterOption(type: string, options: ChoiceOption[], value: string, lang: Language) {
  if (type === 'boolean') {
    const yes = value === 'true';
    return { value: yes ? '1' : '0', label: translate(lang, yes ? 'shop:filters.yes' : 'shop:filters.no') };
  }
  const option = options.find((o) => o.value === value);
  return { value, label: option ? pickText(option.label, lang) : value };
}

/** Values offered per attribute (the most a select shows usefully). */
const FILTER_VALUES_MAX = 100;

/**
 * What the shop's filters offer: type sets and locations of the listed activities (published, with
 * an upcoming date), and the attributes marked filterable with the values those activities have
 * (choices in the attribute's order, other values sorted). ~30 ms at 5,000 activities: the route keeps
 * the answer in memory until the team's catalogue changes (lib/public-cache.ts).
 */
export async function getPublicFilters(db: Db, teamId: number, lang: Language): Promise<PublicFilters> {
  await teamOrThrow(db, teamId);
  const rows = await repo.filterOptions(db, teamId);
  return {
    type_sets: rows.typeSets.map((t) => ({ id: Number(t.id), name: pickText(t.name, lang) })),
    locations: rows.locations
      .map((l) => ({ id: Number(l.id), name: pickText(l.name, lang), city: l.city }))
      .sort((a, b) => a.name.localeCompare(b.name, lang) || a.id - b.id),
    attributes: rows.attributes.map((a) => {
      const options = a.options ?? [];
      const order = (v: string) => {
        const i = options.findIndex((o) => o.value === v);
        return i < 0 ? options.length : i;
      };
      const tie = (x: string, y: string) =>
        a.type === 'number' ? Number(x) - Number(y) : a.type === 'boolean' ? y.localeCompare(x) : x.localeCompare(y, lang);
      const values = [...(a.values ?? [])].sort((x, y) => order(x) - order(y) || tie(x, y));
      return {
        id: Number(a.id),
        name: pickText(a.label, lang),
        type: a.type,
        options: values.slice(0, FILTER_VALUES_MAX).map((v) => filterOption(a.type, options, v, lang)),
      };
    }),
  };
}

/**
 * Renews the stored next dates that time has overtaken every `intervalMs` (started from app.ts
 * when the job loop runs, on one instance at a time), so the list rarely computes one live; returns stop.
 */
export function scheduleNextSessionRefresh(db: Db, log: FastifyBaseLogger, intervalMs = 60_000): () => void {
  return schedulePeriodic(db, log, {
    name: 'activities.next-session',
    intervalMs,
    run: async () => {
      const n = await repo.refreshStaleNextSessions(db);
      if (n) log.debug({ refreshed: n }, 'stale next session dates refreshed');
    },
  });
}
