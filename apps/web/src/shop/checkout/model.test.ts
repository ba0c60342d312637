import type { PublicBookingField } from '@bookla/shared/catalogue-tickets';
import { describe, expect, it } from 'vitest';
import { createT } from '../i18n';
import { activity, ticket } from '../test/fixtures';
import { emptyDraft, fieldsOf, fitDraft, paymentChoices, productLines, restoreDraft, validateDraft, type Seat } from './model';

const t = createT('en');
const f = (patch: Partial<PublicBookingField> & Pick<PublicBookingField, 'id' | 'type'>): PublicBookingField => ({
  label: `F${patch.id}`,
  help: '',
  options: [],
  scope: 'order',
  required: false,
  visible_if: null,
  ...patch,
});

describe('the checkout model', () => {
  it('restores whatever storage holds into a well-formed draft', () => {
    expect(restoreDraft(null)).toEqual(emptyDraft());
    expect(restoreDraft('x')).toEqual(emptyDraft());
    const d = restoreDraft({
      customer: { firstname: 'Anna', email: 7 },
      participants: [null, { firstname: 'Ben' }],
      products: { 5: 2, 6: -1, 7: 'x' },
      terms: 'yes',
    });
    expect(d.customer).toEqual({ salutation: '', firstname: 'Anna', lastname: '', email: '', phone: '', company: '' });
    expect(d.participants.map((p) => p.firstname)).toEqual(['', 'Ben']);
    expect(d.products).toEqual({ 5: 2 });
    expect(d.terms).toBe(false);
    expect(fitDraft(d, 3).participants).toHaveLength(3);
    expect(fitDraft(d, 1).participants.map((p) => p.firstname)).toEqual(['']);
  });

  it('offers only “free” for a total of 0, else the team’s other methods', () => {
    expect(paymentChoices(['free', 'invoice', 'stripe'], 0)).toEqual(['free']);
    expect(paymentChoices(['free', 'invoice', 'stripe'], 10)).toEqual(['invoice', 'stripe']);
    expect(paymentChoices(['invoice'], 0)).toEqual(['free']);
  });

  it('offers products per order for any held ticket, per participant for that seat’s ticket', () => {
    const base = {
      description: '',
      price: 5,
      price_minor: 500,
      currency: 'CHF',
      tax_rate: 0,
      min_per_order: 0,
      max_per_order: null,
      stock_available: null,
    };
    const a = activity({
      id: 1,
      tickets: [ticket({ id: 10 }), ticket({ id: 11 })],
      products: [
        { ...base, id: 1, name: 'Any', scope: 'order', ticket_ids: [] },
        { ...base, id: 2, name: 'Other ticket', scope: 'order', ticket_ids: [99] },
        { ...base, id: 3, name: 'Mat', scope: 'participant', ticket_ids: [11] },
      ],
    });
    const seats: Seat[] = [
      { ticket_id: 10, name: 'A', activity_id: 1 },
      { ticket_id: 11, name: 'B', activity_id: 1 },
    ];
    const lines = productLines(new Map([[1, a]]), seats);
    expect(lines.order.map((l) => l.product.name)).toEqual(['Any']);
    expect(lines.participant.map((ls) => ls.map((l) => l.key))).toEqual([[], ['3@1']]);
  });

  it('checks participant fields whose condition is an order field, as the server does', () => {
    const a = activity({
      id: 1,
      booking_fields: [
        f({ id: 1, type: 'checkbox' }),
        f({ id: 2, type: 'email', scope: 'participant', required: true, visible_if: { field_id: 1, values: ['1'] } }),
      ],
    });
    const fields = fieldsOf(new Map([[1, a]]));
    const seats: Seat[] = [{ ticket_id: 10, name: 'A', activity_id: 1 }];
    const draft = {
      ...fitDraft(emptyDraft(), 1),
      customer: { salutation: '', firstname: 'A', lastname: 'B', email: 'a@b.ch', phone: '', company: '' },
      participants: [{ firstname: 'A', lastname: 'B', email: '', answers: { 2: 'not-an-email' } }],
      payment: 'invoice',
      terms: true,
    };
    expect(validateDraft(draft, seats, fields, ['invoice'], t)).toEqual({});
    expect(validateDraft({ ...draft, answers: { 1: true } }, seats, fields, ['invoice'], t)).toEqual({
      'participants.0.answers.2': 'Please enter a valid e-mail address.',
    });
  });
});
