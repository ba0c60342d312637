import {
  activityProductsBodySchema,
  bpToPercent,
  compactTranslated,
  encodeMessage,
  fillMissingTranslations,
  minorToDecimal,
  pickText,
  productSchema,
  type ActivityProductItem,
  type Language,
  type ProductItem,
} from '@bookla/shared';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, checkInput, notFound, parseInput, validationError } from '../../../lib/app-error.ts';
import * as repo from './products.repo.ts';
import type { ProductListQuery, ProductRow, ProductValues } from './products.repo.ts';
import { defaultTaxRateBp } from '../../selling/settings/index.ts';
import { findActivity, parsePrice, parseTaxRate, type TeamContext } from '../tickets/index.ts';

/** Products (the spec's "options", labelled Products) and the ones offered with an activity. */

export function toProductItem(p: ProductRow, lang: Language): ProductItem {
  return {
    id: p.id,
    name: p.name,
    name_text: pickText(p.name, lang),
    description: p.description,
    price: minorToDecimal(p.priceMinor, p.currency),
    price_minor: p.priceMinor,
    currency: p.currency,
    tax_rate: bpToPercent(p.taxRateBp),
    stock: p.stock,
    sold: p.sold,
    stock_available: p.stock === null ? null : Math.max(0, p.stock - p.sold),
    scope: p.scope,
    min_per_order: p.minPerOrder,
    max_per_order: p.maxPerOrder,
    active: p.active,
    sort: p.sort,
    created_at: p.createdAt.toISOString(),
  };
}

export interface ProductListInput {
  page: number;
  perPage: number;
  sort: ProductListQuery['sort'];
  columnFilters: Record<string, string>;
  search?: string | undefined;
}

export async function listProducts(db: Db, teamId: number, input: ProductListInput, lang: Language) {
  const f = input.columnFilters;
  const active = f.active === '1' || f.active === 'true' ? true : f.active === '0' || f.active === 'false' ? false : undefined;
  const scope = f.scope === 'order' || f.scope === 'participant' ? f.scope : undefined;
  const { rows, total } = await repo.listProducts(db, teamId, {
    page: input.page,
    perPage: input.perPage,
    sort: input.sort,
    filters: { search: input.search?.trim() || f.name?.trim() || undefined, active, scope },
    lang,
  });
  return { rows: rows.map((r) => toProductItem(r, lang)), total };
}

export async function getProduct(db: Db, teamId: number, id: number, lang: Language): Promise<ProductItem> {
  const row = await repo.findProduct(db, teamId, id);
  if (!row) throw notFound();
  return toProductItem(row, lang);
}

async function validValues(db: DbOrTx, team: TeamContext, body: Record<string, unknown>, sold: number): Promise<ProductValues> {
  const input = checkInput(productSchema(team.languages), body);
  const priceMinor = parsePrice(input.fields, 'price', body.price, team.currency);
  const taxRateBp = parseTaxRate(input.fields, 'tax_rate', body.tax_rate, await defaultTaxRateBp(db, team.id));
  const parsed = input.data;
  if (parsed && parsed.max_per_order !== null && parsed.max_per_order < parsed.min_per_order)
    input.add('max_per_order', 'tickets:validation.max_below_min');
  if (parsed && parsed.stock !== null && parsed.stock < sold)
    input.add('stock', encodeMessage('tickets:validation.product_stock_below_sold', { sold }));
  const v = input.valid();
  return {
    name: fillMissingTranslations(compactTranslated(v.name), team.languages),
    description: fillMissingTranslations(compactTranslated(v.description), team.languages),
    priceMinor,
    currency: team.currency,
    taxRateBp,
    stock: v.stock,
    scope: v.scope,
    minPerOrder: v.min_per_order,
    maxPerOrder: v.max_per_order,
    active: v.active,
  };
}

export async function createProduct(db: Db, team: TeamContext, body: Record<string, unknown>, lang: Language): Promise<ProductItem> {
  const values = await validValues(db, team, body, 0);
  return toProductItem(await repo.insertProduct(db, team.id, values), lang);
}

/** Replaces the product (PUT sends the whole form); stock may not go below what was sold. */
export async function updateProduct(db: Db, team: TeamContext, id: number, body: Record<string, unknown>, lang: Language) {
  const row = await db.transaction(async (tx) => {
    const current = await repo.findProduct(tx, team.id, id, true);
    if (!current) throw notFound();
    const values = await validValues(tx, team, body, current.sold);
    return repo.updateProduct(tx, team.id, id, values);
  });
  if (!row) throw notFound();
  return toProductItem(row, lang);
}

export async function deleteProduct(db: Db, teamId: number, id: number): Promise<void> {
  const current = await repo.findProduct(db, teamId, id);
  if (!current) throw notFound();
  if (await repo.deleteUnsoldProduct(db, teamId, id)) return;
  const sold = (await repo.findProduct(db, teamId, id))?.sold;
  if (sold === undefined) throw notFound();
  throw new AppError('VALIDATION_FAILED', 'tickets:product.delete_sold', {
    params: { sold },
    fields: {
      sold: [encodeMessage('tickets:product.delete_sold', { sold })],
    },
  });
}

export async function listActivityProducts(db: Db, teamId: number, activityId: number, lang: Language): Promise<ActivityProductItem[]> {
  if (!(await findActivity(db, teamId, activityId))) throw notFound();
  const rows = await repo.activityProductList(db, teamId, activityId);
  return rows.map(({ product: p, ticketIds }) => ({
    product_id: p.id,
    name: pickText(p.name, lang),
    price: minorToDecimal(p.priceMinor, p.currency),
    price_minor: p.priceMinor,
    currency: p.currency,
    active: p.active,
    ticket_ids: ticketIds,
  }));
}

/** Replaces the products of an activity; products must be the team's, tickets the activity's. */
export async function replaceActivityProducts(db: Db, teamId: number, activityId: number, body: unknown, lang: Language) {
  if (!(await findActivity(db, teamId, activityId))) throw notFound();
  const { items } = parseInput(activityProductsBodySchema, body);
  const fields: Record<string, string[]> = {};
  const ownProducts = await repo.productIdsOfTeam(db, teamId, [...new Set(items.map((i) => i.product_id))]);
  const ownTickets = await repo.ticketIdsOfActivity(db, teamId, activityId, [...new Set(items.flatMap((i) => i.ticket_ids))]);
  const seen = new Set<number>();
  items.forEach((item, i) => {
    if (!ownProducts.has(item.product_id)) (fields[`items.${i}.product_id`] ??= []).push('tickets:validation.product_not_found');
    else if (seen.has(item.product_id)) (fields[`items.${i}.product_id`] ??= []).push('tickets:validation.product_duplicate');
    seen.add(item.product_id);
    item.ticket_ids.forEach((ticketId, j) => {
      if (!ownTickets.has(ticketId)) (fields[`items.${i}.ticket_ids.${j}`] ??= []).push('tickets:validation.ticket_not_found');
    });
  });
  if (Object.keys(fields).length) throw validationError(fields);
  await db.transaction((tx) =>
    repo.replaceActivityProducts(
      tx,
      teamId,
      activityId,
      items.map((i) => ({ productId: i.product_id, ticketIds: [...new Set(i.ticket_ids)] })),
    ),
  );
  return listActivityProducts(db, teamId, activityId, lang);
}
