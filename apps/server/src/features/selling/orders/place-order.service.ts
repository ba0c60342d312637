import { randomBytes } from 'node:crypto';
import {
  ErrorCodes,
  minorToDecimal,
  pickText,
  type CheckoutPaymentMethod,
  type Language,
  type Order,
  type OrderBody,
  type PaymentStatus,
  type ReservationBody,
  type ReservationReply,
} from '@bookla/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { AppError, notFound, validationError } from '../../../lib/app-error.ts';
import {
  heldSeats,
  refuseIfSoldOut,
  reservationExpired,
  ReservationError,
  reserveItems,
  takeSeats,
} from '../../catalogue/tickets/index.ts';
import { takeDiscountUse } from '../discounts/index.ts';
import { startOnlinePayment } from '../payments/index.ts';
import { enabledPaymentMethods, getSellingSettings, type SellingSettings } from '../settings/index.ts';
import { addError, checkAnswers, checkParticipants, loadCart, priceCart, type Cart, type Fields } from './checkout-cart.ts';
import { orderPageUrl } from './order-links.ts';
import { queueOrderMailJob } from './order-mail-job.ts';
import { endUnpaidOrder, recordOrderEvent, type SellingDeps } from './order-state.service.ts';
import { loadOrder } from './order-view.ts';
import * as repo from './orders.repo.ts';
import type { Pricing } from './pricing.ts';

/**
 * Placing an order (CONTRACT §4, DESIGN §6): one transaction that first checks everything that
 * needs no lock (tickets, participants, answers, products, discount code, payment method,
 * language), then takes the seats (converting the checkout's reservation, or from what is left),
 * the products' stock and the discount use, each with a row lock or a conditional UPDATE, then
 * the order number, and writes the order with its lines, participants (each with a ticket code),
 * products, payment attempt, event log and confirmation mail. An order that answers 201 has its
 * seats; nothing is ever sold past stock or past a discount's maximum uses.
 */

// ─── Test-only controls for the race tests ──────────────────────────────────

export interface UnsafeCheckoutFlags {
  /** Seats by read-then-write without lock or condition. */
  seats?: boolean;
  /** Discount uses by read-then-write without condition. */
  discounts?: boolean;
  /** Order numbers by read-then-write. */
  numbers?: boolean;
}

let unsafe: Required<UnsafeCheckoutFlags> = { seats: false, discounts: false, numbers: false };

/**
 * Switches the checkout's concurrency protection off, so a race test can prove it sees races
 * (its control). Refused outside Vitest: production code can never turn it on.
 */
export function setUnsafeCheckoutForTests(flags: UnsafeCheckoutFlags): void {
  if (!process.env.VITEST) throw new Error('setUnsafeCheckoutForTests is for tests only');
  unsafe = { seats: !!flags.seats, discounts: !!flags.discounts, numbers: !!flags.numbers };
}

// ─── The reservation ────────────────────────────────────────────────────────

/** Holds the seats of a started checkout (every line or none); the reply of CONTRACT §4 in the request's language. */
export async function reserveCheckout(db: Db, teamId: number, items: ReservationBody['items'], lang: Language): Promise<ReservationReply> {
  const team = await repo.findCheckoutTeam(db, teamId);
  if (!team) throw notFound();
  const held = await reserveItems(db, teamId, items);
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

// ─── The quote ──────────────────────────────────────────────────────────────

export interface Quote {
  currency: string;
  pricing: Pricing;
  discountCode: string | null;
}

/** What the cart costs now (nothing is stored, no seat is held): 422 for unusable tickets, products or discount code. */
export async function quoteOrder(
  db: DbOrTx,
  teamId: number,
  body: Pick<OrderBody, 'products' | 'discount_code'> & { items: OrderBody['items'] & {} },
): Promise<Quote> {
  const team = await repo.findCheckoutTeam(db, teamId);
  if (!team) throw notFound();
  const settings = await getSellingSettings(db, teamId);
  const f: Fields = {};
  const cart = await loadCart(db, teamId, { items: body.items, products: body.products, discount_code: body.discount_code }, f, {
    requireOnSale: false,
  });
  if (Object.keys(f).length) throw validationError(f);
  return { currency: team.currency, pricing: priceCart(cart, settings), discountCode: cart.discount?.code ?? null };
}

// ─── Placing the order ──────────────────────────────────────────────────────

export interface PlacedOrder {
  order: Order;
  orderUrl: string;
  paymentUrl: string | null;
}

interface Created {
  orderId: number;
  method: CheckoutPaymentMethod;
  status: PaymentStatus;
}

export interface PlaceOrderDeps extends SellingDeps {
  /** Handed to the payment start, which logs provider failures here. */
  log?: Pick<FastifyBaseLogger, 'warn' | 'error'>;
}

export async function placeOrder(deps: PlaceOrderDeps, teamId: number, body: OrderBody): Promise<PlacedOrder> {
  // When a sale is over, most buyers of a rush are late: one read, outside any transaction, sends
  // them their 409 without validating, writing or waiting for the ticket's lock. It can only
  // refuse; whether a seat is sold is decided under the lock below.
  if (body.items && !body.reservation_token && !unsafe.seats) {
    const wanted = new Map<number, number>();
    for (const i of body.items) wanted.set(i.ticket_id, (wanted.get(i.ticket_id) ?? 0) + i.quantity);
    await refuseIfSoldOut(
      deps.db,
      teamId,
      [...wanted].map(([ticketId, quantity]) => ({ ticketId, quantity })),
      { skipUnknown: true },
    );
  }
  const created = await deps.db.transaction((tx) => placeInTransaction(tx, deps, teamId, body));
  let paymentUrl: string | null = null;
  if (created.status === 'waiting' && (created.method === 'stripe' || created.method === 'test')) {
    try {
      paymentUrl = (await startOnlinePayment(deps, { teamId, orderId: created.orderId, method: created.method, language: body.language }))
        .paymentUrl;
    } catch (err) {
      // Nothing was charged: the order ends at once and gives its seats back (the payments
      // feature logs the provider's failure, and may have ended it already). Only the message
      // here: a provider's error object may carry request details.
      deps.log?.warn({ orderId: created.orderId, failure: err instanceof Error ? err.message : String(err) }, 'payment start failed');
      await endUnpaidOrder(deps, {
        teamId,
        orderId: created.orderId,
        status: 'error',
        who: { actor: 'system' },
        reason: 'payment_start_failed',
      });
      throw new AppError('BAD_GATEWAY', 'checkout:payment_start_failed', { extra: { code: ErrorCodes.PAYMENT_UNAVAILABLE } });
    }
  }
  const order = await loadOrder(deps.db, teamId, created.orderId, body.language);
  return { order: order!, orderUrl: orderPageUrl(deps.config, body.language, teamId, created.orderId), paymentUrl };
}

/** Which items the order is for: the body's, else the reservation's (must still be live). */
async function requestedItems(tx: DbOrTx, teamId: number, body: OrderBody, f: Fields) {
  if (body.items) return body.items;
  if (body.reservation_token) {
    const held = await heldSeats(tx, teamId, body.reservation_token);
    if (!held.size) throw reservationExpired();
    return [...held].map(([ticket_id, quantity]) => ({ ticket_id, quantity }));
  }
  addError(f, 'items', 'required');
  throw validationError(f);
}

function choosePayment(
  settings: SellingSettings,
  languages: readonly Language[],
  body: OrderBody,
  total: number,
  f: Fields,
): CheckoutPaymentMethod {
  if (!languages.includes(body.language)) addError(f, 'language', 'checkout:validation.language');
  // A total of 0 is free whatever was chosen; `free` is for totals of 0 only.
  if (total === 0) return 'free';
  if (body.payment_method === 'free' || !enabledPaymentMethods(settings).includes(body.payment_method))
    addError(f, 'payment_method', 'checkout:validation.payment_method');
  return body.payment_method;
}

async function placeInTransaction(tx: DbOrTx, deps: SellingDeps, teamId: number, body: OrderBody): Promise<Created> {
  // (a) Everything that needs no lock.
  const team = await repo.findCheckoutTeam(tx, teamId);
  if (!team) throw notFound();
  const settings = await getSellingSettings(tx, teamId);
  const f: Fields = {};
  const items = await requestedItems(tx, teamId, body, f);
  const cart = await loadCart(
    tx,
    teamId,
    { items, products: body.products, discount_code: body.discount_code, participants: body.participants },
    f,
    { requireOnSale: !body.reservation_token },
  );
  checkParticipants(cart.items, body.participants, f);
  const answers = await checkAnswers(tx, teamId, cart.items, body, f);
  if (Object.keys(f).length) throw validationError(f);
  const pricing = priceCart(cart, settings);
  const method = choosePayment(settings, team.languages, body, pricing.totalMinor, f);
  if (Object.keys(f).length) throw validationError(f);

  const seats = cart.items.map((i) => ({ ticketId: i.id, quantity: i.quantity }));
  // A late buyer is refused before writing anything (by the committed state; selling is decided under the lock).
  if (!body.reservation_token && !unsafe.seats) await refuseIfSoldOut(tx, teamId, seats);

  // (f) The order and what it holds, written before any contended lock is taken: the ticket and
  // counter locks below are then held only for a few statements until the commit.
  const now = new Date();
  const customerId = await repo.upsertCustomer(tx, teamId, {
    email: body.customer.email,
    firstname: body.customer.firstname,
    lastname: body.customer.lastname,
    company: body.customer.company,
    language: body.language,
  });
  const status: PaymentStatus = method === 'free' ? 'free' : 'waiting';
  const invoiceDueAt = method === 'invoice' ? new Date(now.getTime() + settings.invoiceDueDays * 86_400_000) : null;
  const holdMinutes = Math.min(...cart.items.map((i) => i.reservationMinutes));
  const holdUntil = method === 'invoice' ? invoiceDueAt : status === 'waiting' ? new Date(now.getTime() + holdMinutes * 60_000) : null;
  const orderId = await repo.newOrderId(tx);
  await repo.insertOrder(tx, teamId, orderId, {
    customerId,
    salutation: body.customer.salutation || null,
    firstname: body.customer.firstname,
    lastname: body.customer.lastname,
    email: body.customer.email,
    phone: body.customer.phone,
    company: body.customer.company,
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
    platformFeeMinor: pricing.platformFeeMinor,
    // Plain objects: drizzle inspects values by their prototype (the keys are field ids only).
    answers: { ...answers.order },
    holdUntil,
    invoiceDueAt,
  });
  await writeLines(tx, teamId, orderId, cart, pricing, body, answers.participants);
  if (method === 'stripe' || method === 'test')
    await repo.insertPayment(tx, teamId, {
      orderId,
      provider: method,
      status: 'pending',
      amountMinor: pricing.totalMinor,
      currency: team.currency,
    });
  const created = { payment_method: method, status, total_minor: pricing.totalMinor, reservation: !!body.reservation_token };
  await recordOrderEvent(tx, teamId, orderId, 'created', { actor: 'customer' }, created);
  // (g) The confirmation's job, committed with the order; written before the contended locks.
  await queueOrderMailJob(tx, teamId, orderId, 'placed');

  // (b) Seats, then product stock (ascending ids: the same lock order as every other path).
  await takeSeats(tx, teamId, seats, { holder: body.reservation_token, unsafe: unsafe.seats });
  await takeProducts(tx, teamId, cart);
  // (c) The discount use, counted with a conditional UPDATE.
  if (cart.discount && !(await takeDiscountUse(tx, teamId, cart.discount.id, { unsafe: unsafe.discounts })))
    throw validationError({ discount_code: ['discounts:checkout.used_up'] });
  // (e) The number, last: the team's counter row is locked from here to the commit.
  await (unsafe.numbers ? repo.assignOrderNumberUnsafe(tx, teamId, orderId) : repo.assignOrderNumber(tx, teamId, orderId));
  return { orderId, method, status };
}

async function takeProducts(tx: DbOrTx, teamId: number, cart: Cart): Promise<void> {
  const perProduct = new Map<number, number>();
  for (const p of cart.products) perProduct.set(p.productId, (perProduct.get(p.productId) ?? 0) + p.quantity);
  for (const [productId, n] of [...perProduct].sort((a, b) => a[0] - b[0])) {
    if (!(await repo.takeProductStock(tx, teamId, productId, n)))
      throw new ReservationError(ErrorCodes.SOLD_OUT, { available: await repo.productLeft(tx, teamId, productId), product_id: productId });
  }
}

/** Order lines per ticket, one participant per seat with its ticket code, products per order or per participant. */
async function writeLines(
  tx: DbOrTx,
  teamId: number,
  orderId: number,
  cart: Cart,
  pricing: Pricing,
  body: OrderBody,
  participantAnswers: Record<string, unknown>[],
): Promise<void> {
  const itemIds = await repo.insertItems(
    tx,
    teamId,
    orderId,
    cart.items.map((item, sort) => {
      const line = pricing.lines[sort]!;
      return {
        ticketId: item.id,
        activityId: item.activityId,
        sessionId: item.sessionId,
        activityName: item.activityName as Record<string, string>,
        ticketName: item.name as Record<string, string>,
        unitPriceMinor: item.priceMinor,
        quantity: item.quantity,
        totalMinor: line.totalMinor,
        discountMinor: line.discountMinor,
        taxRateBp: line.taxRateBp,
        taxMinor: line.taxMinor,
        sort,
      };
    }),
  );
  const itemOf = new Map(cart.items.map((item, i) => [item.id, itemIds[i]!]));
  const participantIds = await repo.insertParticipants(
    tx,
    teamId,
    orderId,
    body.participants.map((p, sort) => ({
      orderItemId: itemOf.get(p.ticket_id)!,
      firstname: p.firstname,
      lastname: p.lastname,
      email: p.email || null,
      answers: { ...participantAnswers[sort] },
      // 144 random bits: the QR code's secret.
      ticketCode: randomBytes(18).toString('base64url'),
      sort,
    })),
  );
  await repo.insertProducts(
    tx,
    teamId,
    orderId,
    cart.products.map((p, i) => {
      const line = pricing.lines[cart.items.length + i]!;
      const who = p.participantIndex;
      return {
        orderItemId: who === null ? null : itemOf.get(body.participants[who]!.ticket_id)!,
        participantId: who === null ? null : participantIds[who]!,
        productId: p.productId,
        name: p.name as Record<string, string>,
        unitPriceMinor: p.unitPriceMinor,
        quantity: p.quantity,
        totalMinor: line.totalMinor,
        discountMinor: line.discountMinor,
        taxRateBp: line.taxRateBp,
        taxMinor: line.taxMinor,
      };
    }),
  );
}
