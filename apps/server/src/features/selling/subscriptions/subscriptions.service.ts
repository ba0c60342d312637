import {
  bpToPercent,
  compactTranslated,
  fillMissingTranslations,
  MEMBERSHIP_STATUSES,
  minorToDecimal,
  minorToString,
  pickText,
  subscriptionSchema,
  tierSchema,
  type Language,
  type MembershipStatus,
  type SubscriptionBody,
  type SubscriptionDetail,
  type SubscriptionItem,
  type SubscriptionStatus,
  type SubscriptionUpdateBody,
  type TierBody,
  type TierItem,
  type TierUpdateBody,
} from '@bookla/shared';
import { toZonedIso } from '@bookla/shared/zoned-time';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, checkInput, notFound } from '../../../lib/app-error.ts';
import { parsePrice, parseTaxRate } from '../../catalogue/tickets/index.ts';
import { defaultTaxRateBp } from '../settings/index.ts';
import * as repo from './subscriptions.repo.ts';

/**
 * Subscriptions and their tiers as the back office manages them (CONTRACT §5). Names are
 * required in each team language; prices are exact minor units of the team's currency; a tier's
 * tax rate defaults to the team's. A subscription or tier that a membership or an order line
 * refers to is never deleted (409: deactivate the tier or unpublish the subscription instead).
 */

export interface SubscriptionTeam {
  id: number;
  languages: Language[];
  currency: string;
  timeZone: string;
}

export function toTierItem(row: repo.TierRow, memberCount: number, lang: Language): TierItem {
  return {
    id: row.id,
    subscription_id: row.subscriptionId,
    name: row.name,
    name_text: pickText(row.name, lang),
    price: minorToDecimal(row.priceMinor, row.currency),
    price_minor: row.priceMinor,
    currency: row.currency,
    interval: row.interval,
    valid_days: row.validDays,
    credits: row.credits,
    seats_per_booking: row.seatsPerBooking,
    tax_rate: bpToPercent(row.taxRateBp),
    active: row.active,
    sort: row.sort,
    member_count: memberCount,
  };
}

function toItem(
  found: { row: repo.SubscriptionRow; tierCount: number; memberCount: number },
  team: SubscriptionTeam,
  lang: Language,
): SubscriptionItem {
  const { row } = found;
  return {
    id: row.id,
    name: row.name,
    name_text: pickText(row.name, lang),
    description: row.description,
    activity_ids: [...row.activityIds],
    type_set_ids: [...row.typeSetIds],
    status: row.status,
    tier_count: Number(found.tierCount),
    member_count: Number(found.memberCount),
    created_at: toZonedIso(row.createdAt, team.timeZone),
    updated_at: toZonedIso(row.updatedAt, team.timeZone),
  };
}

const STATUS_FILTER = new Set<string>(['draft', 'published']);

export async function listSubscriptions(
  db: Db,
  team: SubscriptionTeam,
  q: {
    page: number;
    perPage: number;
    sort: repo.SubscriptionListQuery['sort'];
    columnFilters: Record<string, string>;
  },
  lang: Language,
): Promise<{ rows: SubscriptionItem[]; total: number }> {
  const status = q.columnFilters.status?.trim();
  const page = await repo.listSubscriptions(db, team.id, {
    page: q.page,
    perPage: q.perPage,
    sort: q.sort,
    name: q.columnFilters.name?.trim() || undefined,
    // An unknown status finds nothing rather than everything.
    status: status ? (STATUS_FILTER.has(status) ? status : '-') : undefined,
    lang,
  });
  return { rows: page.rows.map((r) => toItem(r, team, lang)), total: page.total };
}

export async function getSubscription(db: DbOrTx, team: SubscriptionTeam, id: number, lang: Language): Promise<SubscriptionDetail> {
  const found = await repo.findSubscription(db, team.id, id);
  if (!found) throw notFound();
  const tiers = await repo.tiersOf(db, team.id, [id]);
  return { ...toItem(found, team, lang), tiers: tiers.map((t) => toTierItem(t.row, Number(t.memberCount), lang)) };
}

/** The body laid over the stored subscription, checked as a whole against the team. */
async function subscriptionValues(
  db: DbOrTx,
  team: SubscriptionTeam,
  body: SubscriptionUpdateBody,
  current?: repo.SubscriptionRow,
): Promise<repo.SubscriptionValues> {
  const merged = {
    name: body.name ?? current?.name ?? {},
    description: body.description === undefined ? (current?.description ?? null) : body.description,
    activity_ids: body.activity_ids ?? current?.activityIds ?? [],
    type_set_ids: body.type_set_ids ?? current?.typeSetIds ?? [],
    status: body.status ?? current?.status ?? ('draft' as SubscriptionStatus),
  };
  const input = checkInput(subscriptionSchema(team.languages), merged);
  const activityIds = [...new Set(merged.activity_ids)].sort((a, b) => a - b);
  const typeSetIds = [...new Set(merged.type_set_ids)].sort((a, b) => a - b);
  if (!input.has('activity_ids')) {
    const own = await repo.ownActivityIds(db, team.id, activityIds);
    activityIds.forEach((id, i) => {
      if (!own.has(id)) input.add(`activity_ids.${i}`, 'subscriptions:validation.activity_not_found');
    });
  }
  if (!input.has('type_set_ids')) {
    const own = await repo.ownTypeSetIds(db, team.id, typeSetIds);
    typeSetIds.forEach((id, i) => {
      if (!own.has(id)) input.add(`type_set_ids.${i}`, 'subscriptions:validation.type_set_not_found');
    });
  }
  const v = input.valid();
  return {
    name: fillMissingTranslations(compactTranslated(v.name), team.languages),
    description: compactTranslated(v.description),
    activityIds,
    typeSetIds,
    status: v.status ?? 'draft',
  };
}

export async function createSubscription(
  db: Db,
  team: SubscriptionTeam,
  body: SubscriptionBody,
  lang: Language,
): Promise<SubscriptionDetail> {
  return db.transaction(async (tx) => {
    const id = await repo.insertSubscription(tx, team.id, await subscriptionValues(tx, team, body));
    return getSubscription(tx, team, id, lang);
  });
}

export async function updateSubscription(
  db: Db,
  team: SubscriptionTeam,
  id: number,
  body: SubscriptionUpdateBody,
  lang: Language,
): Promise<SubscriptionDetail> {
  return db.transaction(async (tx) => {
    const found = await repo.findSubscription(tx, team.id, id, true);
    if (!found) throw notFound();
    await repo.updateSubscription(tx, team.id, id, await subscriptionValues(tx, team, body, found.row));
    return getSubscription(tx, team, id, lang);
  });
}

export async function deleteSubscription(db: Db, teamId: number, id: number): Promise<void> {
  const result = await repo.deleteSubscriptionWithoutMembers(db, teamId, id);
  if (result === 'missing') throw notFound();
  if (result === 'members') throw new AppError('CONFLICT', 'subscriptions:subscription.delete_has_members');
}

// ─── Tiers ──────────────────────────────────────────────────────────────────

/** The stored tier as a body, so a PUT may send only the keys it changes. */
function tierAsBody(t: repo.TierRow): TierBody {
  return {
    name: t.name,
    price: minorToString(t.priceMinor, t.currency),
    interval: t.interval,
    valid_days: t.validDays,
    credits: t.credits,
    seats_per_booking: t.seatsPerBooking,
    tax_rate: String(bpToPercent(t.taxRateBp)),
    active: t.active,
  };
}

async function tierValues(db: DbOrTx, team: SubscriptionTeam, body: TierUpdateBody, current?: repo.TierRow): Promise<repo.TierValues> {
  // The body's keys are the schema's own (strict); no key is assigned by name from the request.
  const sent = Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined));
  const merged: Record<string, unknown> = { ...(current ? tierAsBody(current) : {}), ...sent };
  // A tier that becomes monthly or yearly drops the pass's validity unless it was sent.
  if (current && body.interval && body.interval !== 'once' && body.valid_days === undefined) merged.valid_days = null;
  const input = checkInput(tierSchema(team.languages), merged);
  const priceMinor = parsePrice(input.fields, 'price', merged.price, team.currency);
  const taxRateBp = parseTaxRate(input.fields, 'tax_rate', merged.tax_rate, await defaultTaxRateBp(db, team.id));
  const v = input.valid();
  return {
    name: fillMissingTranslations(compactTranslated(v.name), team.languages),
    priceMinor,
    currency: current?.currency ?? team.currency,
    interval: v.interval,
    validDays: v.interval === 'once' ? (v.valid_days ?? null) : null,
    credits: v.credits ?? null,
    seatsPerBooking: v.seats_per_booking ?? 1,
    taxRateBp,
    active: v.active ?? true,
  };
}

async function subscriptionOrThrow(db: DbOrTx, teamId: number, id: number) {
  const found = await repo.findSubscription(db, teamId, id);
  if (!found) throw notFound();
  return found.row;
}

export async function getTier(db: DbOrTx, team: SubscriptionTeam, subscriptionId: number, id: number, lang: Language): Promise<TierItem> {
  const found = await repo.findTier(db, team.id, subscriptionId, id);
  if (!found) throw notFound();
  return toTierItem(found.row, Number(found.memberCount), lang);
}

export async function createTier(
  db: Db,
  team: SubscriptionTeam,
  subscriptionId: number,
  body: TierBody,
  lang: Language,
): Promise<TierItem> {
  return db.transaction(async (tx) => {
    await subscriptionOrThrow(tx, team.id, subscriptionId);
    const id = await repo.insertTier(tx, team.id, subscriptionId, await tierValues(tx, team, body));
    return getTier(tx, team, subscriptionId, id, lang);
  });
}

/**
 * Changes a tier. Members keep what they bought: a new price applies from their next renewal,
 * new credits from their next period.
 */
export async function updateTier(
  db: Db,
  team: SubscriptionTeam,
  subscriptionId: number,
  id: number,
  body: TierUpdateBody,
  lang: Language,
): Promise<TierItem> {
  return db.transaction(async (tx) => {
    const found = await repo.findTier(tx, team.id, subscriptionId, id);
    if (!found) throw notFound();
    await repo.updateTier(tx, team.id, id, await tierValues(tx, team, body, found.row));
    return getTier(tx, team, subscriptionId, id, lang);
  });
}

export async function deleteTier(db: Db, teamId: number, subscriptionId: number, id: number): Promise<void> {
  const result = await repo.deleteTierWithoutMembers(db, teamId, subscriptionId, id);
  if (result === 'missing') throw notFound();
  if (result === 'members') throw new AppError('CONFLICT', 'subscriptions:tier.delete_has_members');
}

/** `columnFilters[status]` of the member list: a known status, or one that finds nothing. */
export function memberStatusFilter(value: string | undefined): MembershipStatus | undefined | null {
  const v = value?.trim();
  if (!v) return undefined;
  return (MEMBERSHIP_STATUSES as readonly string[]).includes(v) ? (v as MembershipStatus) : null;
}
