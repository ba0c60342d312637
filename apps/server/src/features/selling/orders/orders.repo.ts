import type { BookingScope, ChoiceOption, FieldCondition, FieldType, Language, Translated } from '@bookla/shared';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { unionAll } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../../db/client.ts';
import {
  activityFields,
  activityProducts,
  bookingFields,
  orderItems,
  orderNumberCounters,
  orderParticipants,
  orderProducts,
  orders,
  payments,
  products,
  teams,
  typeSetFields,
} from '../../../db/schema/index.ts';

/** SQL of the checkout: what an order reads of the catalogue, and the rows it writes. Team id first everywhere. */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface CheckoutTeam {
  id: number;
  currency: string;
  languages: Language[];
}

export async function findCheckoutTeam(db: DbOrTx, teamId: number): Promise<CheckoutTeam | undefined> {
  const [row] = await db
    .select({ id: teams.id, currency: teams.currency, languages: teams.languages })
    .from(teams)
    .where(eq(teams.id, teamId));
  return row;
}

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
  const field = {
    id: bookingFields.id,
    type: bookingFields.type,
    scope: bookingFields.scope,
    required: bookingFields.required,
    options: bookingFields.options,
    visible_if: bookingFields.visibleIf,
  };
  // One query: the type sets' fields (kind 0) and the activities' own (kind 1), ordered in code.
  const rows = await unionAll(
    db
      .select({ kind: sql<number>`0`.as('kind'), ownerId: typeSetFields.typeSetId, sort: typeSetFields.sort, ...field })
      .from(typeSetFields)
      .innerJoin(bookingFields, and(eq(bookingFields.id, typeSetFields.fieldId), eq(bookingFields.teamId, teamId)))
      .where(and(eq(typeSetFields.teamId, teamId), inArray(typeSetFields.typeSetId, [...new Set(list.map((a) => a.typeSetId))]))),
    db
      .select({ kind: sql<number>`1`.as('kind'), ownerId: activityFields.activityId, sort: activityFields.sort, ...field })
      .from(activityFields)
      .innerJoin(bookingFields, and(eq(bookingFields.id, activityFields.fieldId), eq(bookingFields.teamId, teamId)))
      .where(
        and(
          eq(activityFields.teamId, teamId),
          inArray(
            activityFields.activityId,
            list.map((a) => a.activityId),
          ),
        ),
      ),
  );
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

/** An id for a new order, taken before the order is written (its number comes last: see assignOrderNumber). */
export async function newOrderId(db: DbOrTx): Promise<number> {
  const result = await db.execute(sql`SELECT nextval(pg_get_serial_sequence('orders', 'id'))::int AS id`);
  return Number(rowsOf<{ id: number }>(result)[0]!.id);
}

/**
 * Gives the order the team's next number, as the transaction's last step. The counter row's lock
 * queues concurrent orders of the team until the holder commits or rolls back, so the numbers
 * have no duplicates and no gaps; taken last, the lock is held as briefly as possible. The order
 * carries a placeholder (−id, unique and never a real number) until then.
 */
export async function assignOrderNumber(db: DbOrTx, teamId: number, orderId: number): Promise<number> {
  const result = await db.execute(sql`
    WITH counter AS (
      INSERT INTO order_number_counters (team_id, last_number) VALUES (${teamId}, 1)
      ON CONFLICT (team_id) DO UPDATE SET last_number = order_number_counters.last_number + 1
      RETURNING last_number)
    UPDATE orders SET number = (SELECT last_number FROM counter) WHERE team_id = ${teamId} AND id = ${orderId}
    RETURNING number`);
  return Number(rowsOf<{ number: number }>(result)[0]!.number);
}

/** Test-only control of the race tests: read the last number, write read + 1 (duplicates when raced). */
export async function assignOrderNumberUnsafe(db: DbOrTx, teamId: number, orderId: number): Promise<number> {
  const [row] = await db
    .select({ n: orderNumberCounters.lastNumber })
    .from(orderNumberCounters)
    .where(eq(orderNumberCounters.teamId, teamId));
  const n = (row?.n ?? 0) + 1;
  await db
    .insert(orderNumberCounters)
    .values({ teamId, lastNumber: n })
    .onConflictDoUpdate({ target: orderNumberCounters.teamId, set: { lastNumber: n } });
  await db
    .update(orders)
    .set({ number: n })
    .where(and(eq(orders.teamId, teamId), eq(orders.id, orderId)));
  return n;
}

/** The team's customer with this e-mail (case-insensitive), created on the first order; empty names are filled in. */
export async function upsertCustomer(
  db: DbOrTx,
  teamId: number,
  c: { email: string; firstname: string; lastname: string; company: string | null; language: Language },
): Promise<number> {
  const result = await db.execute(sql`
    INSERT INTO customers (team_id, email, firstname, lastname, company, language)
    VALUES (${teamId}, ${c.email}, ${c.firstname}, ${c.lastname}, ${c.company ?? null}, ${c.language})
    ON CONFLICT (team_id, lower(email)) DO UPDATE SET
      firstname = CASE WHEN customers.firstname = '' THEN excluded.firstname ELSE customers.firstname END,
      lastname = CASE WHEN customers.lastname = '' THEN excluded.lastname ELSE customers.lastname END,
      company = coalesce(customers.company, excluded.company),
      updated_at = now()
    RETURNING id`);
  return Number(rowsOf<{ id: number }>(result)[0]!.id);
}

export type OrderInsert = Omit<typeof orders.$inferInsert, 'id' | 'teamId' | 'number'>;

/** Writes the order under its id (from newOrderId) with the placeholder number −id. */
export async function insertOrder(db: DbOrTx, teamId: number, id: number, values: OrderInsert): Promise<void> {
  await db.insert(orders).values({ ...values, id, number: -id, teamId });
}

export type ItemInsert = Omit<typeof orderItems.$inferInsert, 'id' | 'teamId' | 'orderId'>;

export async function insertItems(db: DbOrTx, teamId: number, orderId: number, rows: ItemInsert[]): Promise<number[]> {
  const ids = await db
    .insert(orderItems)
    .values(rows.map((r) => ({ ...r, teamId, orderId })))
    .returning({ id: orderItems.id, sort: orderItems.sort });
  // RETURNING follows the VALUES order in practice; matched by sort all the same.
  return rows.map((r) => ids.find((x) => x.sort === r.sort)!.id);
}

export type ParticipantInsert = Omit<typeof orderParticipants.$inferInsert, 'id' | 'teamId' | 'orderId'>;

export async function insertParticipants(db: DbOrTx, teamId: number, orderId: number, rows: ParticipantInsert[]): Promise<number[]> {
  const ids = await db
    .insert(orderParticipants)
    .values(rows.map((r) => ({ ...r, teamId, orderId })))
    .returning({ id: orderParticipants.id, sort: orderParticipants.sort });
  return rows.map((r) => ids.find((x) => x.sort === r.sort)!.id);
}

export type ProductInsert = Omit<typeof orderProducts.$inferInsert, 'id' | 'teamId' | 'orderId'>;

export async function insertProducts(db: DbOrTx, teamId: number, orderId: number, rows: ProductInsert[]): Promise<void> {
  if (rows.length) await db.insert(orderProducts).values(rows.map((r) => ({ ...r, teamId, orderId })));
}

export async function insertPayment(
  db: DbOrTx,
  teamId: number,
  values: Omit<typeof payments.$inferInsert, 'id' | 'teamId'>,
): Promise<number> {
  const [row] = await db
    .insert(payments)
    .values({ ...values, teamId })
    .returning({ id: payments.id });
  return row!.id;
}
