import type { Language } from '@bookla/shared';
import { eq, inArray, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { orderItems, orderParticipants, orderProducts, orders, payments, products } from '../../../db/schema/index.ts';
import { sqlStateMessage } from '../../../lib/db-errors.ts';
import { executePrepared, executeShaped, type Bind, type Bindings } from '../../../lib/sql.ts';

/**
 * The SQL of writing an order, in as few statements as the locks allow (see place-order.service.ts):
 *
 * 1. `allocateOrderIds` (before any write): the ids of the order and its rows, so that one
 *    statement can write them all and the reply can be built from what was written.
 * 2. A direct order: `placeOrderAtOnce`, ONE statement outside any explicit transaction — the
 *    order and everything it holds, seats (`bookla_take_seats`, migration 0012), product stock,
 *    discount use and number; refused as a whole (SQLSTATE BK409) when anything is short.
 * 3. An order converting a reservation, in a transaction: `writeOrderAndLock` writes the order
 *    (placeholder number −id) and takes the tickets' and products' row locks (ascending ids, FOR
 *    NO KEY UPDATE); after the holder's rows are converted, `takeAndNumber` — a new statement, so
 *    it sees everything committed by the buyers who held the locks before — takes seats, product
 *    stock and the discount use with conditional UPDATEs and numbers the order; then COMMIT.
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

/**
 * The CTEs that write the order and everything it holds (`o` is the order, numbered by `number`).
 * With `b`, every value is bound (a shaped statement, `executeShaped`).
 */
function orderWriteParts(
  tx: DbOrTx,
  w: Omit<OrderWrite, 'also' | 'lockTickets' | 'productIds'>,
  also: OrderWrite['also'],
  number: SQL | null,
  b?: Bindings,
): SQL[] {
  const row = <T extends object>(r: T): T => (b ? b.row(r) : r);
  const teamId = b ? b.bind(w.teamId) : w.teamId;
  const parts: SQL[] = [sql`customer AS (${customerUpsertSql(teamId, row(w.customer))})`];
  const step = (name: string, query: SQLWrapper) => parts.push(sql`${sql.raw(name)} AS (${query.getSQL()})`);
  step(
    'o',
    tx
      .insert(orders)
      .values(row({ ...w.order, customerId: sql`(SELECT id FROM customer)`, ...(number ? { number } : {}) }))
      .returning({ number: orders.number }),
  );
  if (w.items.length) step('i', tx.insert(orderItems).values(w.items.map(row)));
  if (w.participants.length) step('p', tx.insert(orderParticipants).values(w.participants.map(row)));
  if (w.products.length) step('x', tx.insert(orderProducts).values(w.products.map(row)));
  if (w.payment) step('pay', tx.insert(payments).values(row(w.payment)));
  also.forEach((q, n) => step(`also${n}`, q));
  return parts;
}

/** The products' row locks, ascending ids (as every order takes them). */
const lockProductsSql = (teamId: number, ids: readonly number[]) =>
  sql`SELECT ${products.id} FROM ${products} WHERE ${products.teamId} = ${teamId} AND ${inArray(products.id, [...ids])} ORDER BY ${products.id} FOR NO KEY UPDATE`;

/** Product stock taken where some is left (unlimited stock always passes); `only` limits it to the rows already locked. RETURNING id. */
function productStockSql(teamId: number, wanted: readonly { productId: number; quantity: number }[], only?: SQL): SQL {
  const values = sql.join(
    wanted.map((p) => sql`(${p.productId}::int, ${p.quantity}::int)`),
    sql`, `,
  );
  return sql`UPDATE ${products} SET sold = ${products.sold} + w.n FROM (VALUES ${values}) AS w(id, n)
      WHERE ${products.teamId} = ${teamId} AND ${products.id} = w.id AND (${products.stock} IS NULL OR ${products.sold} + w.n <= ${products.stock})
      ${only ? sql`AND ${products.id} = ANY (${only})` : sql``}
      RETURNING ${products.id}`;
}

/** Statement 2: writes the order and everything it holds, and takes the tickets' and products' row locks. */
export async function writeOrderAndLock(tx: DbOrTx, w: OrderWrite): Promise<void> {
  const parts = orderWriteParts(tx, w, w.also, null);
  if (w.lockTickets) parts.push(sql`lock_t AS (${w.lockTickets})`);
  if (w.productIds.length) parts.push(sql`lock_x AS (${lockProductsSql(w.teamId, w.productIds)})`);
  // The lock CTEs run only when read: the final SELECT counts them.
  await executePrepared(
    tx,
    sql`WITH ${sql.join(parts, sql`, `)} SELECT ${w.lockTickets ? sql`(SELECT count(*) FROM lock_t)` : sql`0`} AS t, ${
      w.productIds.length ? sql`(SELECT count(*) FROM lock_x)` : sql`0`
    } AS x`,
  );
}

export interface AtOnceWrite extends Omit<OrderWrite, 'lockTickets' | 'productIds' | 'also'> {
  /** More INSERTs of the order (its event, its mail job), built with every varying value bound. */
  also: (bind: Bind) => readonly { getSQL(): SQL }[];
  /** `takeSeatsAtOnceSql` with its values bound: selects `ids`, the tickets it sold. */
  seats: (bind: Bind) => SQL;
  /** How many ticket lines the order has (each must be sold). */
  ticketLines: number;
  /** Product stock per product id. */
  productStock: readonly { productId: number; quantity: number }[];
  /** `discountUseSql` with its values bound, or null without a discount. */
  discount: ((bind: Bind) => SQL) | null;
  /** `takeCreditsSql` with its values bound (member seats), or null; `creditLines` memberships must each give. */
  credits: ((bind: Bind) => SQL) | null;
  creditLines: number;
}

/** What a refused one-statement order was short of. */
export interface Shortfall {
  ticketIds: number[];
  productIds: number[];
  discount: boolean;
  /** Every membership of the member seats gave its credits. */
  credits: boolean;
  /** The seat function refused first: the activity's capacity (`available` left, the first ticket of the activity)… */
  capacity?: { activityId: number; ticketId: number; available: number };
  /** …or the holder's share of the activity. */
  holdLimit?: { activityId: number; limit: number; held: number };
}

/**
 * The team's next order number: the ONE place that counts (`order_number_counters`, one row per
 * team, its row lock held until the statement's transaction ends). RETURNING last_number.
 */
export function nextOrderNumberSql(teamId: number | SQL): SQL {
  return sql`INSERT INTO order_number_counters (team_id, last_number) VALUES (${teamId}, 1)
    ON CONFLICT (team_id) DO UPDATE SET last_number = order_number_counters.last_number + 1 RETURNING last_number`;
}

/** The team's next order number on its own (test factories that write orders directly). */
export async function nextOrderNumber(db: DbOrTx, teamId: number): Promise<number> {
  const [row] = await executePrepared<{ last_number: number }>(db, nextOrderNumberSql(teamId));
  return Number(row!.last_number);
}

/** The SQLSTATE of `bookla_checkout_refused` (migration 0012). */
const REFUSED = 'BK409';

/**
 * A direct order (no reservation) in ONE statement outside any explicit transaction, so the hot
 * rows' locks are held for the statement alone, never across a round trip to the app: the order
 * and everything it holds, the seats (`bookla_take_seats`), product stock and the discount use by
 * conditional UPDATEs under their row locks, and the team's next order number. When anything is
 * short, `bookla_checkout_refused` ends the statement and nothing of it stays: returns the
 * shortfall instead of the number.
 */
export async function placeOrderAtOnce(db: DbOrTx, w: AtOnceWrite): Promise<{ number: number } | { shortfall: Shortfall }> {
  const stock = w.productStock;
  // Everything that changes the text besides the bound values (executeShaped adds their count).
  const shape = `order-at-once|${w.items.length}|${w.participants.length}|${w.products.length}|${w.payment ? 1 : 0}|${w.ticketLines}|${stock.length}|${w.discount ? 1 : 0}|${w.creditLines}`;
  const build = (b: Bindings) => {
    const teamId = b.bind(w.teamId);
    const parts = [
      sql`counter AS (${nextOrderNumberSql(teamId)})`,
      ...orderWriteParts(db, w, w.also(b.bind), sql`(SELECT last_number FROM counter)`, b),
    ];
    parts.push(sql`seats AS (${w.seats(b.bind)})`);
    if (stock.length) {
      const bound = stock.map((p) => ({ productId: b.bind(p.productId), quantity: b.bind(p.quantity) }));
      parts.push(
        sql`lock_x AS (${lockProductsSql(
          teamId,
          bound.map((p) => p.productId),
        )})`,
      );
      parts.push(sql`stock AS (${productStockSql(teamId, bound, sql`ARRAY(SELECT id FROM lock_x)`)})`);
    }
    if (w.discount) parts.push(sql`discount AS (${w.discount(b.bind)})`);
    if (w.credits) parts.push(sql`credits AS (${w.credits(b.bind)})`);
    // Read in this order: the tickets' locks, the products', the discount's, the memberships', then the order with the counter's.
    parts.push(sql`taken AS (SELECT (SELECT ids FROM seats) AS ticket_ids,
      ${stock.length ? sql`ARRAY(SELECT id FROM stock)` : sql`'{}'::int[]`} AS product_ids,
      ${w.discount ? sql`EXISTS (SELECT 1 FROM discount)` : sql`true`} AS discount,
      ${w.credits ? sql`(SELECT count(*) FROM credits) = ${w.creditLines}::int` : sql`true`} AS credits)`);
    return sql`WITH ${sql.join(parts, sql`, `)}
      SELECT CASE WHEN cardinality(t.ticket_ids) = ${w.ticketLines}::int AND cardinality(t.product_ids) = ${stock.length}::int AND t.discount AND t.credits
        THEN (SELECT number FROM o)
        ELSE bookla_checkout_refused(json_build_object('ticket_ids', t.ticket_ids, 'product_ids', t.product_ids, 'discount', t.discount, 'credits', t.credits)::text)
      END AS number FROM taken t`;
  };
  try {
    const [row] = await executeShaped<{ number: number }>(db, shape, build);
    return { number: Number(row!.number) };
  } catch (err) {
    const detail = sqlStateMessage(err, REFUSED);
    if (detail === undefined) throw err;
    const short = JSON.parse(detail) as {
      ticket_ids?: number[];
      product_ids?: number[];
      discount?: boolean;
      credits?: boolean;
      capacity?: { activity_id: number; ticket_id: number; available: number };
      hold_limit?: { activity_id: number; limit: number; held: number };
    };
    return {
      shortfall: {
        ticketIds: (short.ticket_ids ?? []).map(Number),
        productIds: (short.product_ids ?? []).map(Number),
        discount: !!short.discount,
        credits: short.credits !== false,
        ...(short.capacity
          ? {
              capacity: {
                activityId: Number(short.capacity.activity_id),
                ticketId: Number(short.capacity.ticket_id),
                available: Number(short.capacity.available),
              },
            }
          : {}),
        ...(short.hold_limit
          ? {
              holdLimit: {
                activityId: Number(short.hold_limit.activity_id),
                limit: Number(short.hold_limit.limit),
                held: Number(short.hold_limit.held),
              },
            }
          : {}),
      },
    };
  }
}

export interface TakeParts {
  /** `takeSeatsSql`: returns the id of each ticket it sold. */
  seats: SQL | null;
  /** Product stock per product id (unlimited stock always passes). */
  products: readonly { productId: number; quantity: number }[];
  /** `discountUseSql`: returns the discount's id when a use was left. */
  discount: SQL | null;
  /** `takeCreditsSql` (member seats): returns the id of each membership that gave its credits. */
  credits?: SQL | null;
  /** Give the order the team's next number (false: the caller does it another way). */
  number: boolean;
}

export interface Taken {
  ticketIds: number[];
  productIds: number[];
  discount: boolean;
  /** The memberships that gave credits (`credits`). */
  creditIds: number[];
  number: number | null;
}

/** Statement 3: seats, product stock, discount use and the order number, under the locks statement 2 took. */
export async function takeAndNumber(tx: DbOrTx, teamId: number, orderId: number, t: TakeParts): Promise<Taken> {
  const parts: SQL[] = [];
  if (t.seats) parts.push(sql`seats AS (${t.seats})`);
  if (t.products.length) parts.push(sql`stock AS (${productStockSql(teamId, t.products)})`);
  if (t.discount) parts.push(sql`discount AS (${t.discount})`);
  if (t.credits) parts.push(sql`credits AS (${t.credits})`);
  if (t.number)
    parts.push(
      sql`counter AS (${nextOrderNumberSql(teamId)})`,
      sql`numbered AS (UPDATE ${orders} SET number = (SELECT last_number FROM counter) WHERE ${orders.teamId} = ${teamId} AND ${eq(orders.id, orderId)} RETURNING ${orders.number})`,
    );
  const select = sql`SELECT
    ${t.seats ? sql`ARRAY(SELECT id FROM seats)` : sql`'{}'::int[]`} AS ticket_ids,
    ${t.products.length ? sql`ARRAY(SELECT id FROM stock)` : sql`'{}'::int[]`} AS product_ids,
    ${t.discount ? sql`EXISTS (SELECT 1 FROM discount)` : sql`false`} AS discount,
    ${t.credits ? sql`ARRAY(SELECT id FROM credits)` : sql`'{}'::int[]`} AS credit_ids,
    ${t.number ? sql`(SELECT number FROM numbered)` : sql`NULL::int`} AS number`;
  const result = await executePrepared<{
    ticket_ids: number[];
    product_ids: number[];
    discount: boolean;
    credit_ids: number[];
    number: number | null;
  }>(tx, parts.length ? sql`WITH ${sql.join(parts, sql`, `)} ${select}` : select);
  const row = result[0]!;
  return {
    ticketIds: row.ticket_ids.map(Number),
    productIds: row.product_ids.map(Number),
    discount: !!row.discount,
    creditIds: row.credit_ids.map(Number),
    number: row.number === null ? null : Number(row.number),
  };
}
