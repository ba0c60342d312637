import { minorToDecimal, type MemberQuoteBody, type MemberQuoteReply } from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { notFound, validationError } from '../../../lib/app-error.ts';
import { getCheckoutTeam } from '../settings/index.ts';
import { checkParticipants, loadCart, priceCart, saleLines, type Fields } from './checkout-cart.ts';
import { checkMemberSeats, NO_MEMBER_SEATS, type MemberContext } from './member-seats.ts';
import { cartPaymentMethods, type Quote } from './place-order.service.ts';

/**
 * The logged-in customer's quote (issue 24, `POST /api/customer/teams/{teamId}/quote`): what the
 * customer's order call will charge for the same cart and seats. The same steps as the order's
 * preparation (place-order.service.ts `prepareOrder`) up to the money: the cart with its
 * participants (per-participant products), one participant per seat, the member seats checked by
 * `checkMemberSeats` (422 per participant: another customer's or team's membership, inactive, out
 * of credits, not covering the activity, over `seats_per_booking`), then `saleLines` + `priceCart`,
 * member seats at 0. Nothing is stored and no credit is taken; the order decides again under its locks.
 */
export interface MemberQuote extends Quote {
  /** Seats a membership pays. */
  membershipSeats: number;
  /** What those seats cost at their tickets' prices (they are 0 in the pricing). */
  membershipValueMinor: number;
}

export async function quoteMemberOrder(db: DbOrTx, teamId: number, body: MemberQuoteBody, member: MemberContext): Promise<MemberQuote> {
  const team = await getCheckoutTeam(db, teamId);
  if (!team) throw notFound();
  const f: Fields = {};
  const cart = await loadCart(
    db,
    teamId,
    { items: body.items, products: body.products, discount_code: body.discount_code, participants: body.participants },
    f,
    { requireOnSale: false },
  );
  checkParticipants(cart.items, body.participants, f);
  const seats = Object.keys(f).length ? NO_MEMBER_SEATS : await checkMemberSeats(db, teamId, cart.items, body.participants, member, f);
  if (Object.keys(f).length) throw validationError(f);
  const lines = saleLines(cart, seats.perTicket);
  const members = lines.filter((l) => l.member);
  return {
    currency: team.currency,
    pricing: priceCart(cart, team, lines),
    discountCode: cart.discount?.code ?? null,
    paymentMethods: cartPaymentMethods(team, cart),
    membershipSeats: members.reduce((n, l) => n + l.quantity, 0),
    membershipValueMinor: members.reduce((sum, l) => sum + l.item.priceMinor * l.quantity, 0),
  };
}

/** The reply of the member quote (`memberQuoteReplySchema`). */
export function memberQuoteReply(quote: MemberQuote): MemberQuoteReply {
  const money = (minor: number) => minorToDecimal(minor, quote.currency);
  return {
    subtotal: money(quote.pricing.subtotalMinor),
    discount_total: money(quote.pricing.discountTotalMinor),
    tax_total: money(quote.pricing.taxTotalMinor),
    total: money(quote.pricing.totalMinor),
    currency: quote.currency,
    discount_code: quote.discountCode,
    payment_methods: quote.paymentMethods,
    membership_seats: quote.membershipSeats,
    membership_value: money(quote.membershipValueMinor),
  };
}
