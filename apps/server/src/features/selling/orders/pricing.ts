import {
  allocateProportionally,
  discountAmountMinor,
  includedTaxMinor,
  platformFeeMinor,
  type DiscountType,
  type Plan,
} from '@bookla/shared';

/**
 * The money of an order, pure: lines at their current price (prices include VAT), the discount
 * spread over the lines it applies to, VAT per line on the discounted line total (rounded per
 * line, Swiss practice), totals and the platform fee. The quote and the order placement both call
 * this, so the shop shows exactly what the order will charge.
 */

export interface PriceLine {
  unitPriceMinor: number;
  quantity: number;
  /** The ticket's or product's rate (basis points); ignored when the team charges no VAT. */
  taxRateBp: number;
  /** Whether the discount applies to this line (its activity is one the code is valid for). */
  discountable: boolean;
}

export interface PricedLine {
  /** unit price × quantity */
  grossMinor: number;
  /** This line's share of the discount. */
  discountMinor: number;
  /** gross − discount: what the line costs. */
  totalMinor: number;
  /** The rate applied (0 when the team charges no VAT). */
  taxRateBp: number;
  /** VAT contained in the line total. */
  taxMinor: number;
}

export interface TaxPerRate {
  rateBp: number;
  taxMinor: number;
  grossMinor: number;
}

export interface Pricing {
  lines: PricedLine[];
  subtotalMinor: number;
  discountTotalMinor: number;
  taxTotalMinor: number;
  totalMinor: number;
  /** VAT per rate (rates > 0), highest rate first: the invoice's tax lines. Sums equal taxTotalMinor. */
  taxes: TaxPerRate[];
  platformFeeMinor: number;
}

export interface PricingOptions {
  discount?: { type: DiscountType; value: number } | null;
  chargesVat: boolean;
  /** The platform plan in force on the sale's day (decision 031). */
  plan: Plan;
}

export function priceOrder(lines: readonly PriceLine[], opts: PricingOptions): Pricing {
  const gross = lines.map((l) => {
    if (!Number.isSafeInteger(l.unitPriceMinor) || l.unitPriceMinor < 0 || !Number.isSafeInteger(l.quantity) || l.quantity < 1)
      throw new RangeError(`invalid price line: ${l.unitPriceMinor} × ${l.quantity}`);
    return l.unitPriceMinor * l.quantity;
  });
  const subtotalMinor = gross.reduce((a, b) => a + b, 0);
  const eligible = lines.map((l, i) => (l.discountable ? gross[i]! : 0));
  const eligibleMinor = eligible.reduce((a, b) => a + b, 0);
  const discountTotalMinor = opts.discount ? discountAmountMinor(opts.discount.type, opts.discount.value, eligibleMinor) : 0;
  const shares = allocateProportionally(discountTotalMinor, eligible);
  const priced = lines.map((l, i): PricedLine => {
    const totalMinor = gross[i]! - shares[i]!;
    const taxRateBp = opts.chargesVat ? l.taxRateBp : 0;
    return { grossMinor: gross[i]!, discountMinor: shares[i]!, totalMinor, taxRateBp, taxMinor: includedTaxMinor(totalMinor, taxRateBp) };
  });
  const perRate = new Map<number, TaxPerRate>();
  for (const l of priced) {
    if (l.taxRateBp <= 0) continue;
    const sum = perRate.get(l.taxRateBp) ?? { rateBp: l.taxRateBp, taxMinor: 0, grossMinor: 0 };
    sum.taxMinor += l.taxMinor;
    sum.grossMinor += l.totalMinor;
    perRate.set(l.taxRateBp, sum);
  }
  const totalMinor = subtotalMinor - discountTotalMinor;
  return {
    lines: priced,
    subtotalMinor,
    discountTotalMinor,
    taxTotalMinor: priced.reduce((a, l) => a + l.taxMinor, 0),
    totalMinor,
    taxes: [...perRate.values()].sort((a, b) => b.rateBp - a.rateBp),
    platformFeeMinor: platformFeeMinor(totalMinor, opts.plan),
  };
}
