/**
 * The limits of an order body (orderBodySchema in selling.ts), in a module without zod: the shop
 * checks a draft against the same numbers before it sends it, without loading the schemas
 * (its bundle budget, issue 10), and without copies that could drift (issue 21 item 4).
 */
export const CHECKOUT_LIMITS = {
  /** First and last names (customer and participants). */
  name: 100,
  email: 254,
  phone: 50,
  company: 200,
  salutation: 8,
  /** Seats of one ticket, or pieces of one product, in an order. */
  quantity: 100,
  /** Ticket lines of an order without a reservation. */
  items: 20,
  participants: 200,
  /** Product lines of an order. */
  products: 50,
} as const;
