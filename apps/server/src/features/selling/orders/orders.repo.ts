import type { BookingScope, ChoiceOption, FieldCondition, FieldType, Translated } from '@bookla/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import { activityFields, activityProducts, bookingFields, customers, orders, products, typeSetFields } from '../../../db/schema/index.ts';
import { preparedPerDb } from '../../../lib/sql.ts';

/** SQL of the checkout: what an order reads of the catalogue, and the rows it writes. Team id first everywhere. */

export interface CheckoutField {
  id: number;
  type: FieldType;
  scope: BookingScope;
  required: boolean;
  options: ChoiceOption[];
  visible_if: FieldCondition | null;
}

/**
 * The booking fields asked for each activity: its type set's, then its own extra ones (a field in
 * both is asked once), as the back office's activity fields list them.
 */
export async function bookingFieldsOf(
  db: DbOrTx,
  teamId: number,
  list: readonly { activityId: number; typeSetId: number }[],
): Promise<Map<number, CheckoutField[]>> {
  const out = new Map<number, CheckoutField[]>(list.map((a) => [a.activityId, []]));
  if (!list.length) return out;
  const rows = await bookingFieldsQuery(db, {
    teamId,
    typeSetIds: [...new Set(list.map((a) => a.typeSetId))],
    activityIds: list.map((a) => a.activityId),
  });
  rows.sort((a, b) => a.sort - b.sort || a.id - b.id);
  const fromSets = rows.filter((r) => Number(r.kind) === 0).map((r) => ({ ...r, typeSetId: r.ownerId }));
  const extra = rows.filter((r) => Number(r.kind) === 1).map((r) => ({ ...r, activityId: r.ownerId }));
  const strip = ({ id, type, scope, required, options, visible_if }: CheckoutField): CheckoutField => ({
    id,
    type,
    scope,
    required,
    options,
    visible_if: visible_if ?? null,
  });
  for (const a of list) {
    const fields = fromSets.filter((f) => f.typeSetId === a.typeSetId).map(strip);
    const seen = new Set(fields.map((f) => f.id));
    for (const f of extra) if (f.activityId === a.activityId && !seen.has(f.id)) fields.push(strip(f));
    out.set(a.activityId, fields);
  }
  return out;
}

// Every checkout reads them: one prepared statement (lib/sql.ts). One query: the type sets' fields
// (kind 0) and the activities' own (kind 1), ordered in code.
const bookingFieldsQuery = preparedPerDb('booking_fields_of', (db) => {
  const teamId = sql.placeholder('teamId');
  const field = {
    id: bookingFields.id,
    type: bookingFields.type,
    scope: bookingFields.scope,
    required: bookingFields.required,
    options: bookingFields.options,
    visible_if: bookingFields.visibleIf,
  };
  return unionAll(
    db
      .select({ kind: sql<number>`0`.as('kind'), ownerId: typeSetFields.typeSetId, sort: typeSetFields.sort, ...field })
      .from(typeSetFields)
      .innerJoin(bookingFields, and(eq(bookingFields.id, typeSetFields.fieldId), eq(bookingFields.teamId, teamId)))
      .where(and(eq(typeSetFields.teamId, teamId), sql`${typeSetFields.typeSetId} = ANY (${sql.placeholder('typeSetIds')}::int[])`)),
    db
      .select({ kind: sql<number>`1`.as('kind'), ownerId: activityFields.activityId, sort: activityFields.sort, ...field })
      .from(activityFields)
      .innerJoin(bookingFields, and(eq(bookingFields.id, activityFields.fieldId), eq(bookingFields.teamId, teamId)))
      .where(and(eq(activityFields.teamId, teamId), sql`${activityFields.activityId} = ANY (${sql.placeholder('activityIds')}::int[])`)),
  );
});

export interface OfferedProduct {
  id: number;
  activityId: number;
  /** Empty: offered with every ticket of the activity. */
  ticketIds: number[];
  name: Translated;
  priceMinor: number;
  taxRateBp: number;
  scope: BookingScope;
  minPerOrder: number;
  maxPerOrder: number | null;
}

/** Active products of the team among `productIds`, one row per activity among `activityIds` that offers it. */
export async function offeredProducts(
  db: DbOrTx,
  teamId: number,
  productIds: readonly number[],
  activityIds: readonly number[],
): Promise<OfferedProduct[]> {
  if (!productIds.length || !activityIds.length) return [];
  return db
    .select({
      id: products.id,
      activityId: activityProducts.activityId,
      ticketIds: activityProducts.ticketIds,
      name: products.name,
      priceMinor: products.priceMinor,
      taxRateBp: products.taxRateBp,
      scope: products.scope,
      minPerOrder: products.minPerOrder,
      maxPerOrder: products.maxPerOrder,
    })
    .from(activityProducts)
    .innerJoin(products, and(eq(products.id, activityProducts.productId), eq(products.teamId, teamId), eq(products.active, true)))
    .where(
      and(
        eq(activityProducts.teamId, teamId),
        inArray(activityProducts.productId, [...productIds]),
        inArray(activityProducts.activityId, [...activityIds]),
      ),
    )
    .orderBy(asc(activityProducts.sort), asc(activityProducts.activityId));
}

/** sold += n within stock (null stock: unlimited, counted all the same). A row lock, taken in ascending id order by the caller. */
export async function takeProductStock(db: DbOrTx, teamId: number, productId: number, n: number): Promise<boolean> {
  const rows = await db
    .update(products)
    .set({ sold: sql`${products.sold} + ${n}` })
    .where(
      and(
        eq(products.teamId, teamId),
        eq(products.id, productId),
        sql`(${products.stock} IS NULL OR ${products.sold} + ${n} <= ${products.stock})`,
      ),
    )
    .returning({ id: products.id });
  return rows.length > 0;
}

export async function productLeft(db: DbOrTx, teamId: number, productId: number): Promise<number> {
  const [row] = await db
    .select({ left: sql<number>`greatest(coalesce(${products.stock} - ${products.sold}, 0), 0)::int` })
    .from(products)
    .where(and(eq(products.teamId, teamId), eq(products.id, productId)));
  return Number(row?.left ?? 0);
}

/** Whether the team's customer with this address (case-insensitive) proved it (magic link, verification link). */
export async function isConfirmedAddress(db: DbOrTx, teamId: number, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: customers.id })
    .from(customers)
    .where(
      and(eq(customers.teamId, teamId), sql`lower(${customers.email}) = lower(${email})`, sql`${customers.emailVerifiedAt} IS NOT NULL`),
    );
  return !!row;
}

/**
 * The order's mailed link was opened: an unpaid invoice order held for a short time only (address
 * not confirmed) now holds its seats until its due date. Nothing for any other order. Returns
 * whether the hold was extended.
 */
export async function confirmOrderHold(db: DbOrTx, teamId: number, orderId: number): Promise<boolean> {
  const rows = await db
    .update(orders)
    .set({ holdUntil: sql`${orders.invoiceDueAt}`, updatedAt: sql`now()` })
    .where(
      and(
        eq(orders.teamId, teamId),
        eq(orders.id, orderId),
        eq(orders.paymentStatus, 'waiting'),
        eq(orders.paymentType, 'invoice'),
        sql`${orders.holdUntil} > now() AND ${orders.holdUntil} < ${orders.invoiceDueAt}`,
      ),
    )
    .returning({ id: orders.id });
  return rows.length > 0;
}
