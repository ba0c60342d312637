import { randomBytes, randomUUID } from 'node:crypto';
import {
  ErrorCodes,
  isTierItem,
  minorToDecimal,
  pickText,
  type CheckoutPaymentMethod,
  type Language,
  type OrderBody,
  type PaymentStatus,
  type PublicOrder,
  type ReservationBody,
  type ReservationReply,
  type TicketOrderItemInput,
} from '@bookla/shared';
import type { Db, DbOrTx } from '../../../db/client.ts';
import type { Bind } from '../../../lib/sql.ts';
import { commitLinkSql, type Held } from '../../../lib/idempotency.ts';
import { AppError, notFound, validationError } from '../../../lib/app-error.ts';
import {
  heldSeats,
  holdLimitError,
  loadSaleItems,
  lockTicketsSql,
  reservationExpired,
  ReservationError,
  reserveItems,
  soldOutError,
  takeHeldSeats,
  takeSeatsAtOnceSql,
  takeSeatsSql,
  type Holder,
} from '../../catalogue/tickets/index.ts';
import { discountCodeRefused, discountUseSql } from '../discounts/index.ts';
import { bookOffer, isOfferHolder } from '../waitinglist/index.ts';
import { enabledPaymentMethods, getCheckoutTeam, invoiceDueAt, paymentMethodsFor, type CheckoutTeam } from '../settings/index.ts';
import {
  addError,
  checkAnswers,
  checkParticipants,
  loadCart,
  priceCart,
  saleLines,
  type Cart,
  type Fields,
  type SaleLine,
} from './checkout-cart.ts';
import {
  boundCredits,
  checkMemberSeats,
  NO_MEMBER_SEATS,
  recordCreditsUsed,
  takeCreditsSql,
  type MemberContext,
  type MemberSeats,
} from './member-seats.ts';
import { orderPageUrl } from './order-links.ts';
import { orderMailJobInsert } from './order-mail-job.ts';
import { orderPayments, type OrderPaymentDeps } from './order-payments-port.ts';
import { orderEventInsert } from './order-state.service.ts';
import { providerNoticeJobInsert } from './provider-notice-job.ts';
import {
  loadOrder,
  loadOrderRow,
  toOrder,
  toPublicOrder,
  type ItemRow,
  type OrderRow,
  type ParticipantRow,
  type ProductRow,
} from './order-view.ts';
import { allocateOrderIds, placeOrderAtOnce, takeAndNumber, writeOrderAndLock, type OrderIds } from './order-write.repo.ts';
import * as repo from './orders.repo.ts';
import type { Pricing } from './pricing.ts';

/**
 * Placing an order (CONTRACT §4, DESIGN §6, docs/decisions/012-selling.md and 014):
 *
 * 1. Outside any transaction, what needs no lock: the tickets (a late buyer of a sold-out ticket
 *    gets 409 from this first read), team and settings, products, discount code, participants,
 *    answers, money, payment method, language; then the ids of the new rows. The reads every
 *    checkout makes are prepared statements.
 * 2. A direct order is then ONE statement (`placeOrderAtOnce`): it writes the order with
 *    everything it holds (customer, items, participants with their ticket codes, products,
 *    payment attempt, event log, confirmation job), takes seats, product stock and the discount
 *    use under their row locks, and numbers the order; when anything is short it raises and
 *    nothing of it stays. The hot locks (a ticket everybody buys, the team's order counter) are
 *    held for that statement alone.
 * 3. An order converting a reservation is a transaction of two statements: write and lock, then
 *    (new snapshot) the holder's rows converted, seats, stock, discount use and number.
 *
 * An order that answers 201 has its seats; nothing is ever sold past stock or a discount's
 * maximum uses (checkout-races.test.ts proves it; its controls hand `placeOrder` an unlocked
 * write of their own, checkout-race-controls.ts: nothing here knows about tests).
 */

// ─── The reservation ────────────────────────────────────────────────────────

/**
 * Holds the seats of a started checkout (every line or none) for the visitor `holder` (its client
 * key counts them against the activity's hold limit); the reply of CONTRACT §4 in the request's language.
 */
export async function reserveCheckout(
  db: Db,
  teamId: number,
  items: ReservationBody['items'],
  lang: Language,
  holder: Pick<Holder, 'key'> = { key: null },
): Promise<ReservationReply> {
  const team = await getCheckoutTeam(db, teamId);
  if (!team) throw notFound();
  await refuseUnpayable(db, team, items);
  const held = await reserveItems(db, teamId, items, holder);
  const money = (minor: number) => minorToDecimal(minor, team.currency);
  return {
    token: held.token,
    expires_at: held.expiresAt.toISOString(),
    items: held.items.map((i) => {
      const activity = pickText(i.activityName, lang);
      const ticket = pickText(i.name, lang);
      return {
        ticket_id: i.id,
        activity_id: i.activityId,
        name: ticket ? `${activity} – ${ticket}` : activity,
        quantity: i.quantity,
        price: money(i.priceMinor),
        total: money(i.priceMinor * i.quantity),
      };
    }),
    total: money(held.items.reduce((sum, i) => sum + i.priceMinor * i.quantity, 0)),
    currency: team.currency,
  };
}

/**
 * Paid tickets nothing can take the money for now — no payment method on, or only the invoice and
 * a first date too soon to pay one — are not held: 409 OFF_SALE in the request's language, before
 * the checkout's last step (issue 22 item 2; the shop does not list them either). The tickets are
 * read only for a team without an online method or test mode.
 */
async function refuseUnpayable(db: Db, team: CheckoutTeam, items: ReservationBody['items']): Promise<void> {
  if (enabledPaymentMethods(team.settings).some((m) => m !== 'free' && m !== 'invoice')) return;
  const lines = await loadSaleItems(db, team.id, items, { requireOnSale: true });
  const paid = lines.filter((l) => l.priceMinor > 0);
  if (!paid.length || cartPaymentMethods(team, { items: paid }).some((m) => m !== 'free')) return;
  throw new AppError('CONFLICT', 'checkout:not_payable', { extra: { code: ErrorCodes.OFF_SALE, ticket_id: paid[0]!.id } });
}

// ─── The quote ──────────────────────────────────────────────────────────────

export interface Quote {
  currency: string;
  pricing: Pricing;
  discountCode: string | null;
  /** What this cart can be paid with now (`cartPaymentMethods`). */
  paymentMethods: CheckoutPaymentMethod[];
}

/** When the first session the cart books starts (null: no dates). */
export function firstSessionOf(cart: Pick<Cart, 'items'>): Date | null {
  const starts = cart.items.map((i) => i.firstSessionAt?.getTime()).filter((t): t is number => t !== undefined);
  return starts.length ? new Date(Math.min(...starts)) : null;
}

/** The payment methods a cart can be paid with now (`paymentMethodsFor` its first booked session). */
export function cartPaymentMethods(team: Pick<CheckoutTeam, 'settings' | 'timeZone'>, cart: Pick<Cart, 'items'>): CheckoutPaymentMethod[] {
  return paymentMethodsFor(team.settings, { firstSessionAt: firstSessionOf(cart), timeZone: team.timeZone });
}

/** What the cart costs now (nothing is stored, no seat is held): 422 for unusable tickets, products or discount code. */
export async function quoteOrder(
  db: DbOrTx,
  teamId: number,
  body: Pick<OrderBody, 'products' | 'discount_code'> & { items: OrderBody['items'] & {} },
): Promise<Quote> {
  const team = await getCheckoutTeam(db, teamId);
  if (!team) throw notFound();
  const f: Fields = {};
  const cart = await loadCart(
    db,
    teamId,
    { items: ticketItems(body.items, f), products: body.products, discount_code: body.discount_code },
    f,
    {
      requireOnSale: false,
    },
  );
  if (Object.keys(f).length) throw validationError(f);
  return {
    currency: team.currency,
    pricing: priceCart(cart, team),
    discountCode: cart.discount?.code ?? null,
    paymentMethods: cartPaymentMethods(team, cart),
  };
}

// ─── Placing the order ──────────────────────────────────────────────────────

export interface PlacedOrder {
  /** The public Order: `id` is the public id (order links, issue 20 item 16). */
  order: PublicOrder;
  orderUrl: string;
  paymentUrl: string | null;
}

/** The 201 reply of an order call (`placeOrderReplySchema`). */
export const placedReply = (placed: PlacedOrder) => ({ order: placed.order, order_url: placed.orderUrl, payment_url: placed.paymentUrl });

/** The payment start (orders' payments port) logs provider failures in `log`. */
export type PlaceOrderDeps = OrderPaymentDeps;

/**
 * Places the order. `holder` is the shop visitor (client key, e-mail address): a direct order
 * counts its seats against each activity's hold limit under the seats' locks (409 HOLD_LIMIT), and
 * the order remembers it, so its seats count while it is unpaid. Staff and tests pass none.
 */
export async function placeOrder(
  deps: PlaceOrderDeps,
  teamId: number,
  body: OrderBody,
  holder: Holder = NO_HOLDER,
  { write = writeOrderLocked, member = null, attempt = null }: PlaceOptions = {},
): Promise<PlacedOrder> {
  const prepared = { ...(await prepareOrder(deps.db, teamId, body, holder, member)), attempt };
  const number = await write(deps.db, teamId, body, prepared);
  const { orderId, method, status } = prepared;
  const paymentUrl = await startPayment(deps, { teamId, orderId, method, status, language: body.language });
  // The reply from what was written (the same rows a read would return; a test compares them).
  const { rows } = prepared;
  const order = toPublicOrder(toOrder({ ...rows.order, number }, rows.items, rows.participants, rows.products, body.language), rows.order);
  return { order, orderUrl: orderPageUrl(deps.config, body.language, teamId, rows.order), paymentUrl };
}

const NO_HOLDER: Holder = { key: null, email: null };

/**
 * The payment page of an unpaid order paid online (null for any other): the payment start answers
 * the checkout it started already, or starts one. When the provider fails nothing was charged; the
 * payment start has ended the order (`error`, seats back) and logged the failure (its port's
 * contract): here only the answer, 502 PAYMENT_UNAVAILABLE.
 */
export async function startPayment(
  deps: PlaceOrderDeps,
  o: { teamId: number; orderId: number; method: CheckoutPaymentMethod; status: PaymentStatus; language: OrderBody['language'] },
): Promise<string | null> {
  const payments = orderPayments();
  if (o.status !== 'waiting' || !payments.isOnline(o.method)) return null;
  try {
    return (await payments.start(deps, { teamId: o.teamId, orderId: o.orderId, method: o.method, language: o.language })).paymentUrl;
  } catch {
    throw new AppError('BAD_GATEWAY', 'checkout:payment_start_failed', { extra: { code: ErrorCodes.PAYMENT_UNAVAILABLE } });
  }
}

export interface PlaceOptions {
  /** The checkout's own write (`writeOrderLocked`); only the race tests' controls pass another. */
  write?: OrderWriteStep;
  /** The logged-in member whose membership pays member seats. */
  member?: MemberContext | null;
  /** The request's Idempotency-Key: linked to the order in the order's own statement (`commitLinkSql`). */
  attempt?: Held | null;
}

/**
 * The reply of a placed order built again from what was committed, for a repeat of an
 * Idempotency-Key whose first reply failed after the commit (lib/idempotency.ts). The payment
 * start is asked again (it answers the checkout it started, or starts the one that failed).
 * Null when the order is gone or ended (the payment start failed and ended it): the repeat places anew.
 */
const ENDED: ReadonlySet<string> = new Set<PaymentStatus>(['error', 'cancelled', 'expired', 'declined']);

export async function placedOrderAgain(
  deps: PlaceOrderDeps,
  teamId: number,
  orderId: number,
  language: OrderBody['language'],
): Promise<PlacedOrder | null> {
  const row = await loadOrderRow(deps.db, teamId, orderId);
  if (!row || ENDED.has(row.paymentStatus) || row.number < 0) return null;
  const order = await loadOrder(deps.db, teamId, orderId, language);
  if (!order) return null;
  const method = row.paymentType as CheckoutPaymentMethod;
  const paymentUrl = await startPayment(deps, { teamId, orderId, method, status: row.paymentStatus as PaymentStatus, language });
  return { order: toPublicOrder(order, row), orderUrl: orderPageUrl(deps.config, language, teamId, row), paymentUrl };
}

/** A membership's credits (or its period) were gone when the order was written (409; nothing written). */
const membershipUsedUp = () => new AppError('CONFLICT', 'checkout:membership_used_up');

/** How long an unpaid invoice order from an address nobody has confirmed holds its seats (until its link is opened). */
export const UNCONFIRMED_HOLD_MINUTES = 30;

/**
 * When an unpaid order's hold ends and its invoice is due (decision 009, issue 20 item 1, issue 22 item 5):
 * - the invoice is due after the team's days, but never later than the end of the day before the
 *   first booked session (team zone); when that day is today or past no invoice is offered
 *   (`cartPaymentMethods`; settings/invoice-terms.ts);
 * - an invoice order holds its seats until the due date only for a confirmed address (a verified
 *   customer account); otherwise for UNCONFIRMED_HOLD_MINUTES, until the order's mailed link is
 *   opened (`confirmOrderHold`), never past the due date;
 * - an online payment holds them for the activity's reservation minutes, never past the first session.
 */
export function holdTimes(input: {
  now: Date;
  method: CheckoutPaymentMethod;
  status: PaymentStatus;
  invoiceDueDays: number;
  reservationMinutes: number;
  firstSessionAt: Date | null;
  confirmedAddress: boolean;
  timeZone: string;
}): { holdUntil: Date | null; invoiceDueAt: Date | null } {
  const now = input.now.getTime();
  const first = input.firstSessionAt?.getTime() ?? Infinity;
  const clip = (t: number) => new Date(Math.min(t, first));
  if (input.method === 'invoice') {
    const { firstSessionAt, timeZone } = input;
    const invoiceDue = invoiceDueAt({ now: input.now, dueDays: input.invoiceDueDays, firstSessionAt, timeZone });
    // `choosePayment` refused the invoice already when no day is left to pay it.
    if (!invoiceDue) throw new Error('invoice without a day left to pay it before the first session');
    const due = invoiceDue.getTime();
    const holdUntil = input.confirmedAddress ? invoiceDue : new Date(Math.min(now + UNCONFIRMED_HOLD_MINUTES * 60_000, due));
    return { holdUntil, invoiceDueAt: invoiceDue };
  }
  if (input.status !== 'waiting') return { holdUntil: null, invoiceDueAt: null };
  return { holdUntil: clip(now + input.reservationMinutes * 60_000), invoiceDueAt: null };
}

/** The ticket items of a body; a subscription tier among them is refused (it is bought alone: tier-order.service.ts). */
function ticketItems(items: NonNullable<OrderBody['items']>, f: Fields): TicketOrderItemInput[] {
  if (items.some(isTierItem)) addError(f, 'items', 'checkout:validation.tier_alone');
  return items.filter((i): i is TicketOrderItemInput => !isTierItem(i));
}

/** Which items the order is for: the body's, else the reservation's (must still be live). */
async function requestedItems(db: DbOrTx, teamId: number, body: OrderBody, f: Fields) {
  if (body.items) return ticketItems(body.items, f);
  if (body.reservation_token) {
    const held = await heldSeats(db, teamId, body.reservation_token);
    if (!held.size) throw reservationExpired();
    return [...held].map(([ticket_id, quantity]) => ({ ticket_id, quantity }));
  }
  addError(f, 'items', 'required');
  throw validationError(f);
}

function choosePayment(team: CheckoutTeam, cart: Cart, body: OrderBody, total: number, f: Fields): CheckoutPaymentMethod {
  if (!team.languages.includes(body.language)) addError(f, 'language', 'checkout:validation.language');
  // A total of 0 is free whatever was chosen; `free` is for totals of 0 only.
  if (total === 0) return 'free';
  const method = body.payment_method;
  if (method !== 'free' && cartPaymentMethods(team, cart).includes(method)) return method;
  // The team takes invoices, but the course starts too soon to pay one (issue 22 item 5): say so.
  const tooLate = method === 'invoice' && enabledPaymentMethods(team.settings).includes('invoice');
  addError(f, 'payment_method', tooLate ? 'checkout:validation.invoice_too_late' : 'checkout:validation.payment_method');
  return method;
}

/** The rows of a new order exactly as they are written (and as `toOrder` reads them). */
export interface OrderRows {
  order: OrderRow;
  items: ItemRow[];
  participants: ParticipantRow[];
  products: ProductRow[];
}

export interface PreparedOrder {
  orderId: number;
  method: CheckoutPaymentMethod;
  status: PaymentStatus;
  cart: Cart;
  rows: OrderRows;
  pricing: Pricing;
  /** Member seats: the credits each membership gives, and whose they are (null: none). */
  credits: { customerId: number; uses: MemberSeats['uses'] } | null;
  /** The request's Idempotency-Key, linked to the order with it (null: none). */
  attempt?: Held | null;
}

/**
 * Everything that needs no transaction and no lock: the tickets (a late buyer of a rush gets
 * its 409 from this first read), the team and its settings, products, discount code,
 * participants, answers, money, payment method and language; then the new rows' ids. Each read
 * is its own statement under READ COMMITTED anyway; what must be true at the sale is decided
 * again under the locks (seats, stock, discount uses).
 */
async function prepareOrder(db: Db, teamId: number, body: OrderBody, holder: Holder, member: MemberContext | null): Promise<PreparedOrder> {
  const f: Fields = {};
  const items = await requestedItems(db, teamId, body, f);
  const direct = !body.reservation_token;
  const cart = await loadCart(
    db,
    teamId,
    { items, products: body.products, discount_code: body.discount_code, participants: body.participants },
    f,
    { requireOnSale: direct, refuseSoldOut: direct },
  );
  const [team, answers] = await Promise.all([getCheckoutTeam(db, teamId), checkAnswers(db, teamId, cart.items, body, f)]);
  if (!team) throw notFound();
  checkParticipants(cart.items, body.participants, f);
  const memberSeats = Object.keys(f).length
    ? NO_MEMBER_SEATS
    : await checkMemberSeats(db, teamId, cart.items, body.participants, member, f);
  if (Object.keys(f).length) throw validationError(f);
  const { settings } = team;
  const lines = saleLines(cart, memberSeats.perTicket);
  const pricing = priceCart(cart, team, lines);
  const method = choosePayment(team, cart, body, pricing.totalMinor, f);
  if (Object.keys(f).length) throw validationError(f);

  const ids = await allocateOrderIds(db, {
    items: lines.length,
    participants: body.participants.length,
    products: cart.products.length,
  });
  const now = new Date();
  const status: PaymentStatus = method === 'free' ? 'free' : 'waiting';
  const { holdUntil, invoiceDueAt } = holdTimes({
    now,
    method,
    status,
    invoiceDueDays: settings.invoiceDueDays,
    reservationMinutes: Math.min(...cart.items.map((i) => i.reservationMinutes)),
    firstSessionAt: firstSessionOf(cart),
    timeZone: team.timeZone,
    confirmedAddress: method === 'invoice' && (await repo.isConfirmedAddress(db, teamId, body.customer.email)),
  });
  const orderId = ids.orderId;
  const order: OrderRow = {
    id: orderId,
    teamId,
    // A placeholder (unique, never a real number) until the number is taken under the counter's lock.
    number: -orderId,
    customerId: null,
    salutation: body.customer.salutation || null,
    firstname: body.customer.firstname,
    lastname: body.customer.lastname,
    email: body.customer.email,
    phone: body.customer.phone ?? null,
    company: body.customer.company ?? null,
    language: body.language,
    currency: team.currency,
    paymentType: method,
    paymentStatus: status,
    paidAt: status === 'free' ? now : null,
    subtotalMinor: pricing.subtotalMinor,
    discountId: cart.discount?.id ?? null,
    discountCode: cart.discount?.code ?? null,
    discountTotalMinor: pricing.discountTotalMinor,
    taxTotalMinor: pricing.taxTotalMinor,
    totalMinor: pricing.totalMinor,
    refundedMinor: 0,
    // A test-mode order moves no money: the platform takes no fee for it (issue 20).
    platformFeeMinor: method === 'test' ? 0 : pricing.platformFeeMinor,
    isTest: method === 'test',
    // Plain objects: drizzle inspects values by their prototype (the keys are field ids only).
    answers: { ...answers.order },
    holdUntil,
    invoiceDueAt,
    cancelledAt: null,
    // The order's id in public URLs: random, bound as a value like every other (decision 014).
    publicId: randomUUID(),
    linkVersion: 0,
    holderKey: holder.key,
    holderEmail: holder.email,
    createdAt: now,
    updatedAt: now,
  };
  return {
    orderId,
    method,
    status,
    cart,
    pricing,
    rows: orderLines(order, ids, cart, lines, pricing, body, answers.participants, memberSeats),
    credits: memberSeats.uses.length && member ? { customerId: member.customerId, uses: memberSeats.uses } : null,
  };
}

/** Writes the prepared order with its seats, stock, discount use and number; returns the order number. */
export type OrderWriteStep = (db: Db, teamId: number, body: OrderBody, prepared: PreparedOrder) => Promise<number>;

/**
 * The checkout's write: a direct order in ONE statement (`writeOrderAtOnce`); an order converting
 * a reservation in a transaction of two (`writeOrder`), because the holder's reservation rows go
 * between writing the order and taking what it sells.
 */
export const writeOrderLocked: OrderWriteStep = (db, teamId, body, prepared) =>
  body.reservation_token ? db.transaction((tx) => writeOrder(tx, teamId, body, prepared)) : writeOrderAtOnce(db, teamId, body, prepared);

/**
 * What the order writes besides its own rows: its event, its confirmation job and — for an order
 * that counts at once (free, invoice) — the provider's notice job, which commit with it
 * (order-mail-job.ts, provider-notice-job.ts). An online payment's notice follows when it is paid
 * (markOrderPaid). Whether the notice is written goes with whether a payment row is (both follow
 * `isOnline`), so the one-statement checkout's shape (`placeOrderAtOnce`) tells them apart.
 */
export function orderSideRows(
  db: DbOrTx,
  teamId: number,
  body: OrderBody,
  prepared: Pick<PreparedOrder, 'orderId' | 'method' | 'status' | 'pricing' | 'attempt'>,
  bind: Bind = (v) => v,
) {
  const { orderId, method, status, pricing, attempt } = prepared;
  const created = { payment_method: method, status, total_minor: pricing.totalMinor, reservation: !!body.reservation_token };
  return [
    orderEventInsert(db, teamId, orderId, 'created', { actor: 'customer' }, created, bind),
    orderMailJobInsert(db, teamId, orderId, 'placed', bind),
    ...(orderPayments().isOnline(method) ? [] : [providerNoticeJobInsert(db, teamId, orderId, bind)]),
    // The request's Idempotency-Key learns the order in the same statement (a lost reply never frees it).
    ...(attempt ? [commitLinkSql(attempt, orderId, bind)] : []),
  ];
}

export function orderWrite(
  db: DbOrTx,
  teamId: number,
  body: OrderBody,
  prepared: Pick<PreparedOrder, 'orderId' | 'method' | 'pricing' | 'rows'>,
) {
  const { rows, orderId, method, pricing } = prepared;
  return {
    teamId,
    customer: {
      email: body.customer.email,
      firstname: body.customer.firstname,
      lastname: body.customer.lastname,
      company: body.customer.company ?? null,
      language: body.language,
    },
    order: rows.order,
    items: rows.items,
    participants: rows.participants,
    products: rows.products,
    payment: orderPayments().isOnline(method)
      ? { teamId, orderId, provider: method, status: 'pending' as const, amountMinor: pricing.totalMinor, currency: rows.order.currency }
      : null,
  };
}

/** Product stock wanted per product id. */
export function productStockOf(cart: Cart): { productId: number; quantity: number }[] {
  const stock = new Map<number, number>();
  for (const p of cart.products) stock.set(p.productId, (stock.get(p.productId) ?? 0) + p.quantity);
  return [...stock].map(([productId, quantity]) => ({ productId, quantity }));
}

/**
 * A direct order in one statement (`placeOrderAtOnce`): nothing of it stays when a seat, product
 * or the discount's last use was gone; then the same refusals as the transaction's. Returns the
 * order number.
 */
async function writeOrderAtOnce(db: Db, teamId: number, body: OrderBody, prepared: PreparedOrder): Promise<number> {
  const { cart, orderId } = prepared;
  const { holderKey, holderEmail } = prepared.rows.order;
  const seats = cart.items.map((i) => ({ ticketId: i.id, quantity: i.quantity }));
  const productStock = productStockOf(cart);
  const write = orderWrite(db, teamId, body, prepared);
  const discountId = cart.discount?.id;
  const placed = await placeOrderAtOnce(db, {
    ...write,
    also: (bind) => orderSideRows(db, teamId, body, prepared, bind),
    seats: (bind) =>
      takeSeatsAtOnceSql(
        bind(teamId),
        seats.map((s) => ({ ticketId: bind(s.ticketId), quantity: bind(s.quantity) })),
        { key: bind(holderKey), email: bind(holderEmail), orderId: bind(orderId) },
      ),
    ticketLines: seats.length,
    productStock,
    discount: discountId === undefined ? null : (bind) => discountUseSql(bind(teamId), bind(discountId)),
    credits: prepared.credits ? boundCredits(teamId, prepared.credits.customerId, prepared.credits.uses) : null,
    creditLines: prepared.credits?.uses.length ?? 0,
  });
  if ('number' in placed) {
    if (prepared.credits) await recordCreditsUsed(db, teamId, orderId);
    return placed.number;
  }
  if (!placed.shortfall.credits) throw membershipUsedUp();
  const { capacity, holdLimit } = placed.shortfall;
  if (capacity) throw new ReservationError(ErrorCodes.SOLD_OUT, { available: capacity.available, ticket_id: capacity.ticketId });
  if (holdLimit) throw holdLimitError(holdLimit.limit, holdLimit.held);
  throw (
    (await shortfallError(db, teamId, { seats, productStock, discount: discountId !== undefined }, placed.shortfall)) ??
    new Error('order refused with nothing short')
  );
}

/**
 * The refusal for what the sale could not take, in this order: a seat line (409 SOLD_OUT with the
 * seats left now), a product (409 SOLD_OUT), the discount's last use (422 at `discount_code`).
 * Undefined when nothing wanted is missing from `got`.
 */
export async function shortfallError(
  db: DbOrTx,
  teamId: number,
  want: { seats: readonly { ticketId: number }[]; productStock: readonly { productId: number }[]; discount: boolean },
  got: { ticketIds: readonly number[]; productIds: readonly number[]; discount: boolean },
): Promise<Error | undefined> {
  const missed = want.seats.find((seat) => !got.ticketIds.includes(seat.ticketId));
  if (missed) return soldOutError(db, teamId, missed.ticketId);
  const missedProduct = want.productStock.find((p) => !got.productIds.includes(p.productId));
  if (missedProduct)
    return new ReservationError(ErrorCodes.SOLD_OUT, {
      available: await repo.productLeft(db, teamId, missedProduct.productId),
      product_id: missedProduct.productId,
    });
  if (want.discount && !got.discount) return discountCodeRefused();
  return undefined;
}

/**
 * An order converting a reservation, in the caller's transaction: statement 2 writes the order
 * and locks its tickets and products, the holder's reservation rows are converted (they must
 * still cover every line), statement 3 takes seats, stock, the discount use and the number under
 * those locks. An order that answers 201 has its seats; nothing is ever sold past stock or a
 * discount's maximum uses. Returns the order number.
 */
async function writeOrder(tx: DbOrTx, teamId: number, body: OrderBody, prepared: PreparedOrder): Promise<number> {
  const { cart, orderId } = prepared;
  const token = body.reservation_token!;
  const seats = cart.items.map((i) => ({ ticketId: i.id, quantity: i.quantity }));
  const productStock = productStockOf(cart);
  await writeOrderAndLock(tx, {
    ...orderWrite(tx, teamId, body, prepared),
    also: orderSideRows(tx, teamId, body, prepared),
    lockTickets: lockTicketsSql(
      teamId,
      seats.map((s) => s.ticketId),
    ),
    productIds: productStock.map((p) => p.productId),
  });
  // Converting the reservation: its rows go (so they no longer count against this buyer) and
  // must have covered every line while still live.
  const held = await takeHeldSeats(tx, teamId, token);
  if (seats.some((s) => (held.get(s.ticketId) ?? 0) < s.quantity)) throw reservationExpired();
  // A waiting-list offer's seats (a `wl_` holder; a string test, nothing for other orders): booked with this order.
  if (isOfferHolder(token)) await bookOffer(tx, teamId, token, orderId);
  const { credits } = prepared;
  const taken = await takeAndNumber(tx, teamId, orderId, {
    seats: takeSeatsSql(teamId, seats),
    products: productStock,
    discount: cart.discount ? discountUseSql(teamId, cart.discount.id) : null,
    credits: credits ? takeCreditsSql(teamId, credits.customerId, credits.uses) : null,
    number: true,
  });
  const refused = await shortfallError(tx, teamId, { seats, productStock, discount: !!cart.discount }, taken);
  if (refused) throw refused;
  if (credits && taken.creditIds.length !== credits.uses.length) throw membershipUsedUp();
  if (credits) await recordCreditsUsed(tx, teamId, orderId);
  return taken.number!;
}

/** Order lines per ticket, one participant per seat with its ticket code, products per order or per participant. */
function orderLines(
  order: OrderRow,
  ids: OrderIds,
  cart: Cart,
  lines: readonly SaleLine[],
  pricing: Pricing,
  body: OrderBody,
  participantAnswers: Record<string, unknown>[],
  memberSeats: MemberSeats,
): OrderRows {
  const { id: orderId, teamId } = order;
  const items: ItemRow[] = lines.map(({ item, quantity, member }, sort) => {
    const line = pricing.lines[sort]!;
    return {
      id: ids.itemIds[sort]!,
      teamId,
      orderId,
      ticketId: item.id,
      activityId: item.activityId,
      sessionId: item.sessionId,
      activityName: item.activityName as Record<string, string>,
      ticketName: item.name as Record<string, string>,
      unitPriceMinor: member ? 0 : item.priceMinor,
      quantity,
      totalMinor: line.totalMinor,
      discountMinor: line.discountMinor,
      taxRateBp: line.taxRateBp,
      taxMinor: line.taxMinor,
      sort,
      subscriptionTierId: null,
    };
  });
  // A participant's line: its ticket's member line when booked with a membership, else the paid one.
  const lineKey = (ticketId: number, member: boolean) => `${ticketId}|${member ? 'm' : 'p'}`;
  const itemOf = new Map(lines.map((l, i) => [lineKey(l.item.id, l.member), items[i]!.id]));
  const itemOfParticipant = (n: number) => itemOf.get(lineKey(body.participants[n]!.ticket_id, memberSeats.byParticipant.has(n)))!;
  const participants: ParticipantRow[] = body.participants.map((p, sort) => ({
    id: ids.participantIds[sort]!,
    teamId,
    orderId,
    orderItemId: itemOfParticipant(sort),
    firstname: p.firstname,
    lastname: p.lastname,
    email: p.email || null,
    answers: { ...participantAnswers[sort] },
    // 144 random bits: the QR code's secret.
    ticketCode: randomBytes(18).toString('base64url'),
    checkedInAt: null,
    checkedInBy: null,
    sort,
    membershipId: memberSeats.byParticipant.get(sort) ?? null,
  }));
  const products: ProductRow[] = cart.products.map((p, i) => {
    const line = pricing.lines[lines.length + i]!;
    const who = p.participantIndex;
    return {
      id: ids.productIds[i]!,
      teamId,
      orderId,
      orderItemId: who === null ? null : itemOfParticipant(who),
      participantId: who === null ? null : participants[who]!.id,
      productId: p.productId,
      name: p.name as Record<string, string>,
      unitPriceMinor: p.unitPriceMinor,
      quantity: p.quantity,
      totalMinor: line.totalMinor,
      discountMinor: line.discountMinor,
      taxRateBp: line.taxRateBp,
      taxMinor: line.taxMinor,
    };
  });
  return { order, items, participants, products };
}
