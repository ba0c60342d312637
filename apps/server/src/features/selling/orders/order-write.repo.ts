import type { Language } from '@bookla/shared';
import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orderItems, orderParticipants, orderProducts, orders, payments, products } from '../../../db/schema/index.ts';
import { executePrepared } from '../../../lib/sql.ts';

/**
 * The SQL of writing an order, in as few statements as the locks allow (see place-order.service.ts):
 *
 * 1. `allocateOrderIds` (before the transaction): the ids of the order and its rows, so that one
 *    statement can write them all and the reply can be built from what was written.
 * 2. `writeOrderAndLock`: the customer, the order (with the placeholder number −id), its items,
 *    participants, products, payment attempt, event and mail job in ONE statement, which also
 *    takes the row locks of its tickets and products (ascending ids, FOR NO KEY UPDATE).
 * 3. `takeAndNumber`: a new statement, so it sees everything committed by the buyers who held the
 *    locks before: seats, product stock and the discount use with conditional UPDATEs, then the
 *    team's next order number — one statement, then COMMIT. The locks are held for two round trips.
 */

export interface OrderIds {
  orderId: number;
  itemIds: number[];
  participantIds: number[];
  productIds: number[];
}

/** New ids from the tables' sequences (not transactional: an id of an order that fails is simply never used). */
export async function allocateOrderIds(db: DbOrTx, n: { items: number; participants: number; products: number }): Promise<OrderIds> {
  const many = (seq: SQL, count: number) => sql`ARRAY(SELECT nextval(${seq})::int FROM generate_series(1, ${count}::int))`;
  const result = await executePrepared<{ order_id: number; item_ids: number[]; participant_ids: number[]; product_ids: number[] }>(
    db,
    sql`
    SELECT nextval(s.o)::int AS order_id, ${many(sql`s.i`, n.items)} AS item_ids,
      ${many(sql`s.p`, n.participants)} AS participant_ids, ${many(sql`s.x`, n.products)} AS product_ids
    FROM (SELECT pg_get_serial_sequence('orders', 'id') AS o, pg_get_serial_sequence('order_items', 'id') AS i,
      pg_get_serial_sequence('order_participants', 'id') AS p, pg_get_serial_sequence('order_products', 'id') AS x) s`,
  );
  const row = result[0]!;
  return {
    orderId: Number(row.order_id),
    itemIds: row.item_ids.map(Number),
    participantIds: row.participant_ids.map(Number),
    productIds: row.product_ids.map(Number),
  };
}

export interface CustomerValues {
  email: string;
  firstname: string;
  lastname: string;
  company: string | null;
  language: Language;
}

/** The team's customer with this e-mail (case-insensitive), created on the first order; empty names are filled in. RETURNING id. */
export function customerUpsertSql(teamId: number, c: CustomerValues): SQL {
  return sql`
    INSERT INTO customers (team_id, email, firstname, lastname, company, language)
    VALUES (${teamId}, ${c.email}, ${c.firstname}, ${c.lastname}, ${c.company ?? null}, ${c.language})
    ON CONFLICT (team_id, lower(email)) DO UPDATE SET
      firstname = CASE WHEN customers.firstname = '' THEN excluded.firstname ELSE customers.firstname END,
      lastname = CASE WHEN customers.lastname = '' THEN excluded.lastname ELSE customers.lastname END,
      company = coalesce(customers.company, excluded.company),
      updated_at = now()
    RETURNING id`;
}

export type OrderRowInsert = Omit<typeof orders.$inferInsert, 'customerId'>;

export interface OrderWrite {
  teamId: number;
  customer: CustomerValues;
  order: OrderRowInsert;
  items: (typeof orderItems.$inferInsert)[];
  participants: (typeof orderParticipants.$inferInsert)[];
  products: (typeof orderProducts.$inferInsert)[];
  payment: typeof payments.$inferInsert | null;
  /** More INSERTs of the order (its event, its mail job), unexecuted. */
  also: readonly { getSQL(): SQL }[];
  /** The tickets' row lock (`lockTicketsSql`), or null when the seats are taken another way. */
  lockTickets: SQL | null;
  /** The products whose stock the order takes (locked in ascending id order). */
  productIds: readonly number[];
}

/** Statement 2: writes the order and everything it holds, and takes the tickets' and products' row locks. */
export async function writeOrderAndLock(tx: DbOrTx, w: OrderWrite): Promise<void> {
  const parts: SQL[] = [sql`customer AS (${customerUpsertSql(w.teamId, w.customer)})`];
  const step = (name: string, query: SQLWrapper) => parts.push(sql`${sql.raw(name)} AS (${query.getSQL()})`);
  step('o', tx.insert(orders).values({ ...w.order, customerId: sql`(SELECT id FROM customer)` }));
  if (w.items.length) step('i', tx.insert(orderItems).values(w.items));
  if (w.participants.length) step('p', tx.insert(orderParticipants).values(w.participants));
  if (w.products.length) step('x', tx.insert(orderProducts).values(w.products));
  if (w.payment) step('pay', tx.insert(payments).values(w.payment));
  w.also.forEach((q, n) => step(`also${n}`, q));
  if (w.lockTickets) parts.push(sql`lock_t AS (${w.lockTickets})`);
  if (w.productIds.length)
    parts.push(
      sql`lock_x AS (SELECT ${products.id} FROM ${products} WHERE ${products.teamId} = ${w.teamId} AND ${inArray(products.id, [...w.productIds])} ORDER BY ${products.id} FOR NO KEY UPDATE)`,
    );
  // The lock CTEs run only when read: the final SELECT counts them.
  await executePrepared(
    tx,
    sql`WITH ${sql.join(parts, sql`, `)} SELECT ${w.lockTickets ? sql`(SELECT count(*) FROM lock_t)` : sql`0`} AS t, ${
      w.productIds.length ? sql`(SELECT count(*) FROM lock_x)` : sql`0`
    } AS x`,
  );
}

export interface TakeParts {
  /** `takeSeatsSql`: returns the id of each ticket it sold. */
  seats: SQL | null;
  /** Product stock per product id (unlimited stock always passes). */
  products: readonly { productId: number; quantity: number }[];
  /** `discountUseSql`: returns the discount's id when a use was left. */
  discount: SQL | null;
  /** Give the order the team's next number (false: the caller does it another way). */
  number: boolean;
}

export interface Taken {
  ticketIds: number[];
  productIds: number[];
  discount: boolean;
  number: number | null;
}

/** Statement 3: seats, product stock, discount use and the order number, under the locks statement 2 took. */
export async function takeAndNumber(tx: DbOrTx, teamId: number, orderId: number, t: TakeParts): Promise<Taken> {
  const parts: SQL[] = [];
  if (t.seats) parts.push(sql`seats AS (${t.seats})`);
  if (t.products.length) {
    const wanted = sql.join(
      t.products.map((p) => sql`(${p.productId}::int, ${p.quantity}::int)`),
      sql`, `,
    );
    parts.push(sql`stock AS (UPDATE ${products} SET sold = ${products.sold} + w.n FROM (VALUES ${wanted}) AS w(id, n)
      WHERE ${products.teamId} = ${teamId} AND ${products.id} = w.id AND (${products.stock} IS NULL OR ${products.sold} + w.n <= ${products.stock})
      RETURNING ${products.id})`);
  }
  if (t.discount) parts.push(sql`discount AS (${t.discount})`);
  if (t.number)
    parts.push(
      sql`counter AS (INSERT INTO order_number_counters (team_id, last_number) VALUES (${teamId}, 1)
        ON CONFLICT (team_id) DO UPDATE SET last_number = order_number_counters.last_number + 1 RETURNING last_number)`,
      sql`numbered AS (UPDATE ${orders} SET number = (SELECT last_number FROM counter) WHERE ${orders.teamId} = ${teamId} AND ${eq(orders.id, orderId)} RETURNING ${orders.number})`,
    );
  const select = sql`SELECT
    ${t.seats ? sql`ARRAY(SELECT id FROM seats)` : sql`'{}'::int[]`} AS ticket_ids,
    ${t.products.length ? sql`ARRAY(SELECT id FROM stock)` : sql`'{}'::int[]`} AS product_ids,
    ${t.discount ? sql`EXISTS (SELECT 1 FROM discount)` : sql`false`} AS discount,
    ${t.number ? sql`(SELECT number FROM numbered)` : sql`NULL::int`} AS number`;
  const result = await executePrepared<{ ticket_ids: number[]; product_ids: number[]; discount: boolean; number: number | null }>(
    tx,
    parts.length ? sql`WITH ${sql.join(parts, sql`, `)} ${select}` : select,
  );
  const row = result[0]!;
  return {
    ticketIds: row.ticket_ids.map(Number),
    productIds: row.product_ids.map(Number),
    discount: !!row.discount,
    number: row.number === null ? null : Number(row.number),
  };
}
