import { describe, expect, it } from 'vitest';
import { CHECKOUT_LIMITS } from './checkout-limits.ts';
import { orderBodySchema } from './selling.ts';

const body = (over: { quantity?: number; name?: string; phone?: string; participants?: number }) => ({
  items: [{ ticket_id: 1, quantity: over.quantity ?? 1 }],
  customer: { firstname: over.name ?? 'Ada', lastname: 'Lovelace', email: 'ada@example.com', phone: over.phone ?? null },
  participants: Array.from({ length: over.participants ?? 1 }, () => ({ ticket_id: 1, firstname: 'Ada', lastname: 'Lovelace' })),
  payment_method: 'invoice',
  language: 'en',
  accept_terms: true,
});

describe('CHECKOUT_LIMITS are the order schema’s limits (the shop checks drafts with them)', () => {
  it('a quantity, a name, a phone and the participants at the limit pass; one more is refused', () => {
    const { quantity, name, phone, participants } = CHECKOUT_LIMITS;
    expect(orderBodySchema.safeParse(body({ quantity, name: 'a'.repeat(name), phone: '1'.repeat(phone), participants })).success).toBe(
      true,
    );
    expect(orderBodySchema.safeParse(body({ quantity: quantity + 1 })).success).toBe(false);
    expect(orderBodySchema.safeParse(body({ name: 'a'.repeat(name + 1) })).success).toBe(false);
    expect(orderBodySchema.safeParse(body({ phone: '1'.repeat(phone + 1) })).success).toBe(false);
    expect(orderBodySchema.safeParse(body({ participants: participants + 1 })).success).toBe(false);
  });
});
