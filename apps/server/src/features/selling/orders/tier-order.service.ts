import { randomUUID } from 'node:crypto';
import { isTierItem, type CheckoutPaymentMethod, type OrderBody, type PaymentStatus, type Translated } from '@bookla/shared';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound, validationError } from '../../../lib/app-error.ts';
import type { Holder } from '../../catalogue/tickets/index.ts';
import { enabledPaymentMethods, getCheckoutTeam, type CheckoutTeam } from '../settings/index.ts';
import { addError, type Fields } from './checkout-cart.ts';
import { orderMemberships } from './order-memberships-port.ts';
import { orderPageUrl } from './order-links.ts';
import { type OrderPaymentDeps } from './order-payments-port.ts';
import { toOrder, toPublicOrder, type ItemRow, type OrderRow } from './order-view.ts';
import { allocateOrderIds, takeAndNumber, writeOrderAndLock } from './order-write.repo.ts';
import * as repo from './orders.repo.ts';
import {
  holdTimes,
  orderSideRows,
  orderWrite,
  startPayment,
  type PlaceOptions,
  type PlacedOrder,
  type PreparedOrder,
} from './place-order.service.ts';
import { priceOrder, type Pricing } from './pricing.ts';

/**
 * Orders of a subscription tier (CONTRACT §5: the ordinary order call with the item
 * `{"subscription_tier_id", "quantity": 1}`). Such an order buys one tier and nothing else: no
 * participants, products or discount code (422 per key otherwise). The tier must be active, its
 * subscription published and the team's subscriptions feature on (422 at the item). It is paid
 * like any order — free (a price of 0), invoice or online — and counts like one (number,
 * confirmation, documents, statistics). When it is free at once or later paid, the subscriptions
 * feature makes the membership (orders' port `orderMemberships().settled`).
 */

type Raw = Record<string, unknown>;

/** How long an online payment for a tier may take (there is no seat to give back, only a page to finish). */
const TIER_PAYMENT_MINUTES = 30;

export interface SaleTier {
  id: number;
  subscriptionId: number;
  priceMinor: number;
  taxRateBp: number;
  name: Translated;
  subscriptionName: Translated;
}

/** The tier as sold now (active, published, feature on), or undefined. */
export async function saleTier(db: DbOrTx, teamId: number, tierId: number): Promise<SaleTier | undefined> {
  const result = await db.execute(sql`
    SELECT t.id, t.subscription_id, t.price_minor, t.tax_rate_bp, t.name, s.name AS subscription_name
    FROM subscription_tiers t
    JOIN subscriptions s ON s.id = t.subscription_id AND s.status = 'published'
    JOIN teams tm ON tm.id = t.team_id AND coalesce((tm.features->>'subscriptions')::boolean, false)
    WHERE t.team_id = ${teamId} AND t.id = ${tierId} AND t.active`);
  const row = (result as unknown as { rows: Raw[] }).rows[0];
  if (!row) return undefined;
  return {
    id: Number(row.id),
    subscriptionId: Number(row.subscription_id),
    priceMinor: Number(row.price_minor),
    taxRateBp: Number(row.tax_rate_bp),
    name: row.name as Translated,
    subscriptionName: row.subscription_name as Translated,
  };
}

/** Whether the order's body buys a subscription tier (then `placeTierOrder` takes it). */
export const buysTier = (body: Pick<OrderBody, 'items'>): boolean => !!body.items?.some(isTierItem);

function chooseTierPayment(team: CheckoutTeam, body: OrderBody, total: number, f: Fields): CheckoutPaymentMethod {
  if (!team.languages.includes(body.language)) addError(f, 'language', 'checkout:validation.language');
  if (total === 0) return 'free';
  const method = body.payment_method;
  if (method !== 'free' && enabledPaymentMethods(team.settings).includes(method)) return method;
  addError(f, 'payment_method', 'checkout:validation.payment_method');
  return method;
}

interface TierOrderInput {
  teamId: number;
  orderId: number;
  itemId: number;
  tier: Pick<SaleTier, 'id' | 'priceMinor' | 'name' | 'subscriptionName'>;
  pricing: Pricing;
  method: CheckoutPaymentMethod;
  status: PaymentStatus;
  currency: string;
  language: OrderRow['language'];
  customer: {
    salutation?: string | null;
    firstname: string;
    lastname: string;
    email: string;
    phone?: string | null;
    company?: string | null;
  };
  customerId: number | null;
  holdUntil: Date | null;
  invoiceDueAt: Date | null;
  holder: Holder;
  now: Date;
}

/** The rows of an order of one tier (no participant, no product), as written and as `toOrder` reads them. */
function tierOrderRows(i: TierOrderInput) {
  const { teamId, orderId, pricing, now } = i;
  const order: OrderRow = {
    id: orderId,
    teamId,
    // A placeholder (unique, never a real number) until the number is taken under the counter's lock.
    number: -orderId,
    customerId: i.customerId,
    salutation: i.customer.salutation || null,
    firstname: i.customer.firstname,
    lastname: i.customer.lastname,
    email: i.customer.email,
    phone: i.customer.phone ?? null,
    company: i.customer.company ?? null,
    language: i.language,
    currency: i.currency,
    paymentType: i.method,
    paymentStatus: i.status,
    paidAt: i.status === 'free' ? now : null,
    subtotalMinor: pricing.subtotalMinor,
    discountId: null,
    discountCode: null,
    discountTotalMinor: 0,
    taxTotalMinor: pricing.taxTotalMinor,
    totalMinor: pricing.totalMinor,
    refundedMinor: 0,
    platformFeeMinor: i.method === 'test' ? 0 : pricing.platformFeeMinor,
    isTest: i.method === 'test',
    answers: {},
    holdUntil: i.holdUntil,
    invoiceDueAt: i.invoiceDueAt,
    cancelledAt: null,
    publicId: randomUUID(),
    linkVersion: 0,
    holderKey: i.holder.key,
    holderEmail: i.holder.email,
    createdAt: now,
    updatedAt: now,
  };
  const line = pricing.lines[0]!;
  const itemRow: ItemRow = {
    id: i.itemId,
    teamId,
    orderId,
    ticketId: null,
    activityId: null,
    sessionId: null,
    activityName: i.tier.subscriptionName as Record<string, string>,
    ticketName: i.tier.name as Record<string, string>,
    unitPriceMinor: i.tier.priceMinor,
    quantity: 1,
    totalMinor: line.totalMinor,
    discountMinor: 0,
    taxRateBp: line.taxRateBp,
    taxMinor: line.taxMinor,
    sort: 0,
    subscriptionTierId: i.tier.id,
  };
  const prepared: Pick<PreparedOrder, 'orderId' | 'method' | 'status' | 'pricing' | 'rows'> = {
    orderId,
    method: i.method,
    status: i.status,
    pricing,
    rows: { order, items: [itemRow], participants: [], products: [] },
  };
  return { order, itemRow, prepared };
}

export async function placeTierOrder(
  deps: OrderPaymentDeps,
  teamId: number,
  body: OrderBody,
  holder: Holder,
  { attempt = null }: Pick<PlaceOptions, 'attempt'> = {},
): Promise<PlacedOrder> {
  const { db } = deps;
  const f: Fields = {};
  const items = body.items ?? [];
  const item = items[0];
  if (items.length !== 1 || !item || !isTierItem(item)) addError(f, 'items', 'checkout:validation.tier_alone');
  if (body.participants.length) addError(f, 'participants', 'checkout:validation.tier_no_participants');
  if (body.products?.length) addError(f, 'products', 'checkout:validation.tier_no_products');
  if (body.discount_code) addError(f, 'discount_code', 'checkout:validation.tier_no_discount');
  if (body.reservation_token) addError(f, 'reservation_token', 'checkout:validation.tier_no_reservation');
  if (Object.keys(f).length || !item || !isTierItem(item)) throw validationError(f);
  const [tier, team] = await Promise.all([saleTier(db, teamId, item.subscription_tier_id), getCheckoutTeam(db, teamId)]);
  if (!team) throw notFound();
  if (!tier) throw validationError({ 'items.0.subscription_tier_id': ['checkout:validation.tier_unavailable'] });
  const { settings } = team;
  const pricing = priceOrder([{ unitPriceMinor: tier.priceMinor, quantity: 1, taxRateBp: tier.taxRateBp, discountable: false }], {
    discount: null,
    chargesVat: settings.chargesVat,
    plan: team.plan,
  });
  const method = chooseTierPayment(team, body, pricing.totalMinor, f);
  if (Object.keys(f).length) throw validationError(f);

  const ids = await allocateOrderIds(db, { items: 1, participants: 0, products: 0 });
  const now = new Date();
  const status: PaymentStatus = method === 'free' ? 'free' : 'waiting';
  const { holdUntil, invoiceDueAt } = holdTimes({
    now,
    method,
    status,
    invoiceDueDays: settings.invoiceDueDays,
    reservationMinutes: TIER_PAYMENT_MINUTES,
    firstSessionAt: null,
    timeZone: team.timeZone,
    confirmedAddress: method === 'invoice' && (await repo.isConfirmedAddress(db, teamId, body.customer.email)),
  });
  const {
    order,
    itemRow,
    prepared: rows,
  } = tierOrderRows({
    teamId,
    orderId: ids.orderId,
    itemId: ids.itemIds[0]!,
    tier,
    pricing,
    method,
    status,
    currency: team.currency,
    language: body.language,
    customer: body.customer,
    customerId: null,
    holdUntil,
    invoiceDueAt,
    holder,
    now,
  });
  const prepared = { ...rows, attempt };
  const orderId = ids.orderId;
  const number = await db.transaction(async (tx) => {
    await writeOrderAndLock(tx, {
      ...orderWrite(tx, teamId, body, prepared),
      also: orderSideRows(tx, teamId, body, prepared),
      lockTickets: null,
      productIds: [],
    });
    const taken = await takeAndNumber(tx, teamId, orderId, { seats: null, products: [], discount: null, number: true });
    if (status === 'free') await orderMemberships().settled(tx, teamId, orderId);
    return taken.number!;
  });
  const paymentUrl = await startPayment(deps, { teamId, orderId, method, status, language: body.language });
  const publicOrder = toPublicOrder(toOrder({ ...order, number }, [itemRow], [], [], body.language), order);
  return { order: publicOrder, orderUrl: orderPageUrl(deps.config, body.language, teamId, order), paymentUrl };
}

export interface RenewalOrderInput {
  teamId: number;
  customerId: number;
  tierId: number;
  /** The period the order pays (its dates go into the history; the order names the tier). */
  periodStart: Date;
  /** `invoice`, or the provider of the membership's saved card (a pending attempt is written with the order). */
  method: 'invoice' | 'stripe' | 'datatrans' | 'test';
  /** Invoices: their due date; card renewals: null. */
  invoiceDueAt: Date | null;
  /** How long the order stays open unpaid (an invoice: its due date; a card renewal: until the grace days end). */
  holdUntil: Date;
}

/**
 * The order of a membership's next period (CONTRACT §5: "invoice: a new invoice order mailed per
 * period"; "card: the payment provider's recurring billing" — then with a pending attempt of the
 * card's provider, charged by the subscriptions sweep after the commit), written in the caller's
 * transaction with its number, history entry, confirmation mail (QR-bill) and provider notice. It holds nothing, so it waits until its due
 * date; paying it (marked paid, or the bank) settles the membership through the port. The price
 * and VAT are the tier's as they are now. Returns the order id, or undefined when the tier,
 * customer or team is gone.
 */
export async function writeRenewalOrder(tx: DbOrTx, input: RenewalOrderInput): Promise<number | undefined> {
  const { teamId } = input;
  const result = await tx.execute(sql`
    SELECT t.price_minor, t.tax_rate_bp, t.name, s.name AS subscription_name,
      c.email, c.firstname, c.lastname, c.company, c.language
    FROM subscription_tiers t JOIN subscriptions s ON s.id = t.subscription_id
    JOIN customers c ON c.id = ${input.customerId} AND c.team_id = ${teamId}
    WHERE t.team_id = ${teamId} AND t.id = ${input.tierId}`);
  const row = (result as unknown as { rows: Raw[] }).rows[0];
  const team = await getCheckoutTeam(tx, teamId);
  if (!row || !team) return undefined;
  const { settings } = team;
  const pricing = priceOrder(
    [{ unitPriceMinor: Number(row.price_minor), quantity: 1, taxRateBp: Number(row.tax_rate_bp), discountable: false }],
    {
      discount: null,
      chargesVat: settings.chargesVat,
      plan: team.plan,
    },
  );
  const ids = await allocateOrderIds(tx, { items: 1, participants: 0, products: 0 });
  const language = (team.languages as string[]).includes(String(row.language))
    ? (String(row.language) as OrderRow['language'])
    : team.languages[0]!;
  const { order, prepared } = tierOrderRows({
    teamId,
    orderId: ids.orderId,
    itemId: ids.itemIds[0]!,
    tier: {
      id: input.tierId,
      priceMinor: Number(row.price_minor),
      name: row.name as Translated,
      subscriptionName: row.subscription_name as Translated,
    },
    pricing,
    method: input.method,
    status: 'waiting',
    currency: team.currency,
    language,
    customer: {
      firstname: String(row.firstname) || '-',
      lastname: String(row.lastname) || '-',
      email: String(row.email),
      company: (row.company as string | null) ?? null,
    },
    customerId: input.customerId,
    holdUntil: input.holdUntil,
    invoiceDueAt: input.invoiceDueAt,
    holder: { key: null, email: null },
    now: new Date(),
  });
  const orderId = ids.orderId;
  const body = {
    customer: { email: order.email, firstname: order.firstname, lastname: order.lastname, company: order.company },
    language,
  } as OrderBody;
  await writeOrderAndLock(tx, {
    ...orderWrite(tx, teamId, body, prepared),
    also: orderSideRows(tx, teamId, body, prepared),
    lockTickets: null,
    productIds: [],
  });
  await takeAndNumber(tx, teamId, orderId, { seats: null, products: [], discount: null, number: true });
  return orderId;
}
