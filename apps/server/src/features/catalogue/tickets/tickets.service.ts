import {
  bpToPercent,
  compactTranslated,
  currencyDigits,
  encodeMessage,
  fillMissingTranslations,
  minorToDecimal,
  minorToString,
  MAX_MONEY_MAJOR,
  maxMoneyMinor,
  parseMoney,
  parsePercentBp,
  pickText,
  ticketSchema,
  type Language,
  type TicketItem,
} from '@bookla/shared';
import { parseZonedDateTime, toZonedIsoOrNull } from '@bookla/shared/zoned-time';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, checkInput, notFound } from '../../../lib/app-error.ts';
import { defaultTaxRateBp } from '../../selling/settings/index.ts';
import * as repo from './tickets.repo.ts';
import type { TicketValues, TicketWithStock } from './tickets.repo.ts';

/** Tickets of an activity: whole-activity tickets (session_id null) and per-date ones. */

export interface TeamContext {
  id: number;
  languages: Language[];
  currency: string;
  timeZone: string;
}

type Fields = Record<string, string[]>;
const push = (fields: Fields, path: string, message: string) => (fields[path] ??= []).push(message);

/** "12,50" → 1250 exactly in the team currency; ≥ 0, no more decimals than the currency has. */
export function parsePrice(fields: Fields, path: string, input: unknown, currency: string): number {
  const minor = typeof input === 'string' || typeof input === 'number' ? parseMoney(input, currency) : null;
  if (minor === null || minor < 0) {
    if (!fields[path]) push(fields, path, encodeMessage('tickets:validation.price', { digits: currencyDigits(currency) }));
    return 0;
  }
  // Bounded like every money input (an overflowing price was a 500).
  if (minor > maxMoneyMinor(currency)) {
    if (!fields[path]) push(fields, path, encodeMessage('max_money', { max: MAX_MONEY_MAJOR }));
    return 0;
  }
  return minor;
}

/** Percent with up to 2 decimals → basis points; missing → the fallback (the team's default). */
export function parseTaxRate(fields: Fields, path: string, input: unknown, fallbackBp: number): number {
  if (input === undefined || input === null || input === '') return fallbackBp;
  const bp = typeof input === 'string' || typeof input === 'number' ? parsePercentBp(input) : null;
  if (bp === null) {
    fields[path] = ['tickets:validation.tax_rate'];
    return 0;
  }
  return bp;
}

export function toTicketItem(t: TicketWithStock, lang: Language, timeZone: string): TicketItem {
  return {
    id: t.id,
    session_id: t.sessionId,
    name: t.name,
    name_text: pickText(t.name, lang),
    description: t.description,
    price: minorToDecimal(t.priceMinor, t.currency),
    price_minor: t.priceMinor,
    currency: t.currency,
    stock: t.stock,
    sold: t.sold,
    stock_reserved: t.reserved,
    stock_available: t.available,
    sale_start: toZonedIsoOrNull(t.saleStart, timeZone),
    sale_end: toZonedIsoOrNull(t.saleEnd, timeZone),
    tax_rate: bpToPercent(t.taxRateBp),
    min_per_order: t.minPerOrder,
    max_per_order: t.maxPerOrder,
    visibility: t.visibility,
    sort: t.sort,
  };
}

/** The stored ticket as a body, so a PUT may send only the keys it changes. */
function asBody(t: TicketWithStock): Record<string, unknown> {
  return {
    name: t.name,
    description: t.description,
    price: minorToString(t.priceMinor, t.currency),
    stock: t.stock,
    session_id: t.sessionId,
    sale_start: t.saleStart?.toISOString() ?? null,
    sale_end: t.saleEnd?.toISOString() ?? null,
    tax_rate: String(bpToPercent(t.taxRateBp)),
    min_per_order: t.minPerOrder,
    max_per_order: t.maxPerOrder,
    visibility: t.visibility,
  };
}

async function validValues(
  db: DbOrTx,
  team: TeamContext,
  activityId: number,
  body: Record<string, unknown>,
  sold: number,
): Promise<TicketValues> {
  const input = checkInput(ticketSchema(team.languages), body);
  const priceMinor = parsePrice(input.fields, 'price', body.price, team.currency);
  const taxRateBp = parseTaxRate(input.fields, 'tax_rate', body.tax_rate, await defaultTaxRateBp(db, team.id));
  const parsed = input.data;
  const at = (path: 'sale_start' | 'sale_end') => {
    const text = body[path];
    if (typeof text !== 'string' || !text.trim() || input.has(path)) return null;
    const date = parseZonedDateTime(text, team.timeZone);
    if (!date) input.add(path, 'date');
    return date;
  };
  const saleStart = at('sale_start');
  const saleEnd = at('sale_end');
  if (saleStart && saleEnd && saleEnd <= saleStart) input.add('sale_end', 'tickets:validation.sale_end_before_start');
  if (parsed?.max_per_order !== null && parsed?.max_per_order !== undefined && parsed.max_per_order < parsed.min_per_order)
    input.add('max_per_order', 'tickets:validation.max_below_min');
  if (parsed && parsed.stock < sold) input.add('stock', encodeMessage('tickets:validation.stock_below_sold', { sold }));
  if (parsed?.session_id && !(await repo.sessionOfActivity(db, team.id, activityId, parsed.session_id)))
    input.add('session_id', 'tickets:validation.session_not_found');
  const v = input.valid();
  return {
    name: fillMissingTranslations(compactTranslated(v.name), team.languages),
    description: fillMissingTranslations(compactTranslated(v.description), team.languages),
    priceMinor,
    currency: team.currency,
    stock: v.stock,
    sessionId: v.session_id,
    saleStart,
    saleEnd,
    taxRateBp,
    minPerOrder: v.min_per_order,
    maxPerOrder: v.max_per_order,
    visibility: v.visibility,
  };
}

async function activityOrThrow(db: Db, teamId: number, activityId: number) {
  const activity = await repo.findActivity(db, teamId, activityId);
  if (!activity) throw notFound();
  return activity;
}

export async function listTickets(db: Db, team: TeamContext, activityId: number, lang: Language): Promise<TicketItem[]> {
  await activityOrThrow(db, team.id, activityId);
  const rows = await repo.listTickets(db, team.id, activityId);
  return rows.map((t) => toTicketItem(t, lang, team.timeZone));
}

async function reload(db: Db, team: TeamContext, activityId: number, id: number, lang: Language): Promise<TicketItem> {
  const row = await repo.findTicket(db, team.id, activityId, id);
  if (!row) throw notFound();
  return toTicketItem(row, lang, team.timeZone);
}

export async function createTicket(
  db: Db,
  team: TeamContext,
  activityId: number,
  body: Record<string, unknown>,
  lang: Language,
): Promise<TicketItem> {
  await activityOrThrow(db, team.id, activityId);
  const values = await validValues(db, team, activityId, body, 0);
  const id = await repo.insertTicket(db, team.id, activityId, values);
  return reload(db, team, activityId, id, lang);
}

/** Changes the sent keys. The row is locked, so a sale cannot slip in below the new stock. */
export async function updateTicket(
  db: Db,
  team: TeamContext,
  activityId: number,
  id: number,
  body: Record<string, unknown>,
  lang: Language,
): Promise<TicketItem> {
  const current = await repo.findTicket(db, team.id, activityId, id);
  if (!current) throw notFound();
  const merged = { ...asBody(current), ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) };
  await db.transaction(async (tx) => {
    const locked = await repo.lockTicket(tx, team.id, activityId, id);
    if (!locked) throw notFound();
    const values = await validValues(tx, team, activityId, merged, locked.sold);
    await repo.updateTicket(tx, team.id, activityId, id, values);
  });
  return reload(db, team, activityId, id, lang);
}

export async function deleteTicket(db: Db, teamId: number, activityId: number, id: number): Promise<void> {
  const current = await repo.findTicket(db, teamId, activityId, id);
  if (!current) throw notFound();
  if (await repo.deleteUnsoldTicket(db, teamId, activityId, id)) return;
  const again = await repo.findTicket(db, teamId, activityId, id);
  if (!again) throw notFound();
  throw new AppError('VALIDATION_FAILED', 'tickets:ticket.delete_sold', {
    params: { sold: again.sold },
    fields: {
      sold: [encodeMessage('tickets:ticket.delete_sold', { sold: again.sold })],
    },
  });
}
