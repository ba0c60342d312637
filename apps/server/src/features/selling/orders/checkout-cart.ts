import {
  encodeMessage,
  fromEntriesSafe,
  MAX_MINOR,
  ownValue,
  validateBookingAnswers,
  type BookingAnswer,
  type BookingAnswers,
  type OrderBody,
  type Plan,
  type Translated,
} from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { AppError } from '../../../lib/app-error.ts';
import { loadSaleItems, type SaleItem } from '../../catalogue/tickets/index.ts';
import { eligibleForDiscount, resolveDiscountForCheckout, type DiscountRow } from '../discounts/index.ts';
import type { SellingSettings } from '../settings/index.ts';
import * as repo from './orders.repo.ts';
import type { CheckoutField } from './orders.repo.ts';
import { priceOrder, type Pricing } from './pricing.ts';

/**
 * A checkout's cart, checked without taking any lock: the tickets (public, published, this
 * team's, within min/max per order), the products (offered with the activity or ticket, per order
 * or per participant), the discount code, and the money. The quote stops here; the order
 * placement adds participants and answers, then takes seats, stock and the discount use.
 */

export type Fields = Record<string, string[]>;
export const addError = (f: Fields, path: string, message: string) => (f[path] ??= []).push(message);

export interface CartProduct {
  productId: number;
  name: Translated;
  unitPriceMinor: number;
  quantity: number;
  taxRateBp: number;
  /** The activity it is sold with (decides the discount's eligibility). */
  activityId: number;
  participantIndex: number | null;
}

export interface Cart {
  items: SaleItem[];
  products: CartProduct[];
  discount: DiscountRow | null;
}

type ProductInput = NonNullable<OrderBody['products']>[number];

export interface CartInput {
  items: readonly { ticket_id: number; quantity: number }[];
  products?: readonly ProductInput[] | undefined;
  discount_code?: string | null | undefined;
  /** The order's participants (the quote has none: per-participant products are then only checked against the tickets). */
  participants?: readonly { ticket_id: number }[] | undefined;
}

/**
 * The cart, or throws a 422 for unusable tickets (at `items.N.*`). Problems with products and the
 * discount code are added to `f` (`products.N.*`, `discount_code`) for the caller to report with
 * its own findings. With `requireOnSale`, a ticket off sale answers 409 OFF_SALE; with
 * `refuseSoldOut`, a ticket with fewer seats left now than wanted answers 409 SOLD_OUT first.
 */
export async function loadCart(
  db: DbOrTx,
  teamId: number,
  input: CartInput,
  f: Fields,
  opts: { requireOnSale: boolean; refuseSoldOut?: boolean },
): Promise<Cart> {
  const items = await loadSaleItems(db, teamId, input.items, opts);
  const activityIds = [...new Set(items.map((i) => i.activityId))];
  const requested = input.products ?? [];
  const offered = await repo.offeredProducts(db, teamId, [...new Set(requested.map((p) => p.product_id))], activityIds);
  const products = resolveProducts(requested, offered, items, input.participants, f);
  let discount: DiscountRow | null = null;
  const code = input.discount_code?.trim();
  if (code) {
    try {
      discount = await resolveDiscountForCheckout(db, teamId, code, activityIds);
    } catch (err) {
      if (!(err instanceof AppError) || !err.fields) throw err;
      for (const [path, messages] of Object.entries(err.fields)) for (const m of messages) addError(f, path, m);
    }
  }
  return { items, products, discount };
}

/** Product lines (same product for the same participant merged), checked against what the activities offer. */
function resolveProducts(
  requested: readonly ProductInput[],
  offered: readonly repo.OfferedProduct[],
  items: readonly SaleItem[],
  participants: readonly { ticket_id: number }[] | undefined,
  f: Fields,
): CartProduct[] {
  const lines = new Map<string, { input: ProductInput; quantity: number; index: number }>();
  requested.forEach((p, index) => {
    const key = `${p.product_id}:${p.participant_index ?? ''}`;
    const line = lines.get(key);
    if (line) line.quantity += p.quantity;
    else lines.set(key, { input: p, quantity: p.quantity, index });
  });
  const ticketIds = items.map((i) => i.id);
  const activityOf = new Map(items.map((i) => [i.id, i.activityId]));
  const out: CartProduct[] = [];
  for (const { input, quantity, index } of lines.values()) {
    const at = `products.${index}`;
    const rows = offered.filter((o) => o.id === input.product_id);
    const scope = rows[0]?.scope;
    const who = input.participant_index ?? null;
    let row: repo.OfferedProduct | undefined;
    if (!scope) {
      addError(f, `${at}.product_id`, 'checkout:validation.product_unavailable');
      continue;
    }
    if (scope === 'participant') {
      if (who === null) {
        addError(f, `${at}.participant_index`, 'required');
        continue;
      }
      const participant = participants?.[who];
      if (participants && !participant) {
        addError(f, `${at}.participant_index`, 'checkout:validation.participant_index');
        continue;
      }
      // Without participants (the quote): with any ticket of the cart.
      const tickets = participant ? [participant.ticket_id] : ticketIds;
      row = rows.find((o) => tickets.some((t) => o.activityId === activityOf.get(t) && (!o.ticketIds.length || o.ticketIds.includes(t))));
    } else {
      if (who !== null) {
        addError(f, `${at}.participant_index`, 'checkout:validation.product_per_order');
        continue;
      }
      row = rows.find((o) => ticketIds.some((t) => o.activityId === activityOf.get(t) && (!o.ticketIds.length || o.ticketIds.includes(t))));
    }
    if (!row) {
      addError(f, `${at}.product_id`, 'checkout:validation.product_unavailable');
      continue;
    }
    const min = Math.max(1, row.minPerOrder);
    if (quantity < min || (row.maxPerOrder !== null && quantity > row.maxPerOrder)) {
      addError(
        f,
        `${at}.quantity`,
        row.maxPerOrder === null
          ? encodeMessage('tickets:validation.quantity_min', { min })
          : encodeMessage('tickets:validation.quantity_range', { min, max: row.maxPerOrder }),
      );
      continue;
    }
    out.push({
      productId: row.id,
      name: row.name,
      unitPriceMinor: row.priceMinor,
      quantity,
      taxRateBp: row.taxRateBp,
      activityId: row.activityId,
      participantIndex: who,
    });
  }
  return out;
}

/** A line of the order: a ticket's seats that are paid, or its seats booked with a membership (price 0). */
export interface SaleLine {
  item: SaleItem;
  quantity: number;
  member: boolean;
}

/** Per ticket the paid seats, then the seats booked with a membership (`memberPerTicket`), in cart order. */
export function saleLines(cart: Pick<Cart, 'items'>, memberPerTicket: ReadonlyMap<number, number> = new Map()): SaleLine[] {
  return cart.items.flatMap((item) => {
    const m = Math.min(memberPerTicket.get(item.id) ?? 0, item.quantity);
    const lines: SaleLine[] = [];
    if (item.quantity - m > 0) lines.push({ item, quantity: item.quantity - m, member: false });
    if (m > 0) lines.push({ item, quantity: m, member: true });
    return lines;
  });
}

/** The cart's money: ticket lines first (`saleLines`, in cart order), then product lines. */
export function priceCart(
  cart: Cart,
  team: { settings: Pick<SellingSettings, 'chargesVat'>; plan: Plan },
  lines: readonly SaleLine[] = saleLines(cart),
): Pricing {
  const { discount } = cart;
  const discountable = (activityId: number) => !!discount && eligibleForDiscount(discount, activityId);
  const pricing = priceOrder(
    [
      ...lines.map(({ item: i, quantity, member }) => ({
        unitPriceMinor: member ? 0 : i.priceMinor,
        quantity,
        taxRateBp: i.taxRateBp,
        discountable: discountable(i.activityId),
      })),
      ...cart.products.map((p) => ({
        unitPriceMinor: p.unitPriceMinor,
        quantity: p.quantity,
        taxRateBp: p.taxRateBp,
        discountable: discountable(p.activityId),
      })),
    ],
    { discount: discount ? { type: discount.type, value: discount.value } : null, chargesVat: team.settings.chargesVat, plan: team.plan },
  );
  // Amounts are int4 in the database: a cart worth more (huge prices × quantities) is refused, never a 500.
  if (pricing.subtotalMinor > MAX_MINOR) {
    throw new AppError('VALIDATION_FAILED', 'validation:failed', {
      fields: { items: [encodeMessage('max_money', { max: Math.floor(MAX_MINOR / 100) })] },
    });
  }
  return pricing;
}

/** One participant per seat, each on a ticket of the order. */
export function checkParticipants(items: readonly SaleItem[], participants: readonly { ticket_id: number }[], f: Fields): void {
  const count = new Map<number, number>();
  participants.forEach((p, n) => {
    if (!items.some((i) => i.id === p.ticket_id)) addError(f, `participants.${n}.ticket_id`, 'checkout:validation.participant_ticket');
    else count.set(p.ticket_id, (count.get(p.ticket_id) ?? 0) + 1);
  });
  for (const item of items) {
    const got = count.get(item.id) ?? 0;
    if (got !== item.quantity)
      addError(f, 'participants', encodeMessage('checkout:validation.participants_count', { expected: item.quantity, got }));
  }
}

export interface CheckedAnswers {
  order: Record<string, BookingAnswer>;
  participants: Record<string, BookingAnswer>[];
}

/**
 * The booking answers with the shared answer engine: the order's fields (scope `order` of every
 * activity of the order) once, each participant's fields (scope `participant` of its ticket's
 * activity) together with the order's answers their conditions may refer to. Only answers to
 * visible fields are kept, normalised.
 */
export async function checkAnswers(
  db: DbOrTx,
  teamId: number,
  items: readonly Pick<SaleItem, 'id' | 'activityId' | 'typeSetId'>[],
  body: Pick<OrderBody, 'answers' | 'participants'>,
  f: Fields,
): Promise<CheckedAnswers> {
  const activities = [...new Map(items.map((i) => [i.activityId, { activityId: i.activityId, typeSetId: i.typeSetId }])).values()];
  const byActivity = await repo.bookingFieldsOf(db, teamId, activities);
  const orderFields = new Map<number, CheckoutField>();
  for (const fields of byActivity.values()) for (const field of fields) if (field.scope === 'order') orderFields.set(field.id, field);
  const orderDefs = [...orderFields.values()];
  const orderAnswers = fromEntriesSafe(orderDefs.map((d) => [String(d.id), ownValue(body.answers, String(d.id))] as const));
  const order = validateBookingAnswers(orderDefs, orderAnswers);
  for (const issue of order.issues) addError(f, `answers.${issue.path.join('.')}`, issue.message);
  const activityOf = new Map(items.map((i) => [i.id, i.activityId]));
  const participants = body.participants.map((p, n) => {
    const own = (byActivity.get(activityOf.get(p.ticket_id) ?? 0) ?? []).filter((d) => d.scope === 'participant');
    if (!own.length) return {};
    const ownIds = new Set(own.map((d) => String(d.id)));
    const answers: BookingAnswers = fromEntriesSafe([
      ...Object.entries(orderAnswers),
      ...own.map((d) => [String(d.id), ownValue(p.answers, String(d.id))] as const),
    ]);
    const checked = validateBookingAnswers([...orderDefs, ...own], answers);
    for (const issue of checked.issues)
      if (ownIds.has(issue.path[0]!)) addError(f, `participants.${n}.answers.${issue.path.join('.')}`, issue.message);
    return fromEntriesSafe(Object.entries(checked.answers).filter(([id]) => ownIds.has(id)));
  });
  return { order: order.answers, participants };
}
