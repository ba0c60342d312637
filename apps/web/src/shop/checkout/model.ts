import { EMAIL_PATTERN, validateBookingAnswers, type BookingFieldDef } from '@bookla/shared/booking-answers';
import type { PublicActivity, PublicBookingField, PublicProduct } from '@bookla/shared/catalogue-tickets';
import { CHECKOUT_LIMITS } from '@bookla/shared/checkout-limits';
import type { CheckoutPaymentMethod, OrderBody } from '@bookla/shared/selling';
import type { ShopLanguage, T } from '../i18n';
import { validationText } from '../i18n';
import type { HeldReservation } from '../reservation';
import { readJson, writeJson } from '../storage';

/**
 * The checkout's data and rules without any UI: the draft a buyer types (kept across reloads and
 * validation errors), the seats it needs participants for, the same checks the server makes, and
 * the order body.
 */

export interface Seat {
  ticket_id: number;
  name: string;
  activity_id: number;
}

export interface CustomerDraft {
  salutation: string;
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  company: string;
}

export interface ParticipantDraft {
  firstname: string;
  lastname: string;
  email: string;
  answers: Record<string, unknown>;
}

export interface Draft {
  customer: CustomerDraft;
  participants: ParticipantDraft[];
  /** Answers to the order's fields. */
  answers: Record<string, unknown>;
  /** Product quantities: `"{productId}"` per order, `"{productId}@{participantIndex}"` per participant. */
  products: Record<string, number>;
  discount: string;
  /** The code the server accepted (the one sent with the order). */
  applied: string | null;
  payment: string;
  terms: boolean;
}

/** Field path → message, as the server's 422 names them (`participants.0.answers.12`). */
export type Errors = Record<string, string>;

export const SALUTATIONS = ['mrs', 'mr', 'mx'] as const;
/** The most of one product an order may carry (the shared order schema's limit). */
const PRODUCT_MAX = CHECKOUT_LIMITS.quantity;

export const emptyParticipant = (): ParticipantDraft => ({ firstname: '', lastname: '', email: '', answers: {} });

export function emptyDraft(): Draft {
  return {
    customer: { salutation: '', firstname: '', lastname: '', email: '', phone: '', company: '' },
    participants: [],
    answers: {},
    products: {},
    discount: '',
    applied: null,
    payment: '',
    terms: false,
  };
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** Where the checkout keeps its draft (sessionStorage, per team): a reload keeps what was typed. */
export const draftKey = (teamId: number) => `bookla.shop.${teamId}.draft`;

/** A waiting-list offer's person fills the customer of a checkout nobody has started typing in (issue 22 item 10). */
export function prefillCustomer(teamId: number, who: { firstname: string; lastname: string; email: string }): void {
  const draft = restoreDraft(readJson(draftKey(teamId)));
  if (draft.customer.firstname || draft.customer.lastname || draft.customer.email) return;
  writeJson(draftKey(teamId), { ...draft, customer: { ...draft.customer, ...who } });
}

/** A draft read back from storage, whatever it holds: unknown or malformed parts start empty. */
export function restoreDraft(raw: unknown): Draft {
  const base = emptyDraft();
  if (!isObject(raw)) return base;
  const c = isObject(raw.customer) ? raw.customer : {};
  const people = Array.isArray(raw.participants) ? raw.participants : [];
  return {
    customer: {
      salutation: str(c.salutation),
      firstname: str(c.firstname),
      lastname: str(c.lastname),
      email: str(c.email),
      phone: str(c.phone),
      company: str(c.company),
    },
    participants: people.map((p) =>
      isObject(p)
        ? { firstname: str(p.firstname), lastname: str(p.lastname), email: str(p.email), answers: isObject(p.answers) ? p.answers : {} }
        : emptyParticipant(),
    ),
    answers: isObject(raw.answers) ? raw.answers : {},
    products: isObject(raw.products)
      ? Object.fromEntries(
          Object.entries(raw.products).filter((e): e is [string, number] => Number.isInteger(e[1]) && (e[1] as number) >= 0),
        )
      : {},
    discount: str(raw.discount),
    applied: typeof raw.applied === 'string' ? raw.applied : null,
    payment: str(raw.payment),
    terms: raw.terms === true,
  };
}

/** One seat per participant, in the reservation's order. */
export const seatsOf = (r: HeldReservation): Seat[] =>
  r.items.flatMap((i) => Array.from({ length: i.quantity }, () => ({ ticket_id: i.ticket_id, name: i.name, activity_id: i.activity_id })));

/** The draft with exactly one participant per seat (typed names are kept by position). */
export function fitDraft(draft: Draft, seats: number): Draft {
  if (draft.participants.length === seats) return draft;
  const participants = Array.from({ length: seats }, (_, i) => draft.participants[i] ?? emptyParticipant());
  return { ...draft, participants };
}

/** The booking fields of the order, and of each seat's activity for its participant. */
export function fieldsOf(activities: ReadonlyMap<number, PublicActivity>) {
  const order = new Map<number, PublicBookingField>();
  for (const a of activities.values()) for (const f of a.booking_fields) if (f.scope === 'order') order.set(f.id, f);
  return {
    order: [...order.values()],
    participant: (activityId: number) => activities.get(activityId)?.booking_fields.filter((f) => f.scope === 'participant') ?? [],
  };
}

export interface ProductLine {
  product: PublicProduct;
  key: string;
  participantIndex: number | null;
}

/** Products on offer: per order (for any reserved ticket), and per participant (for that seat's ticket). */
export function productLines(
  activities: ReadonlyMap<number, PublicActivity>,
  seats: readonly Seat[],
): { order: ProductLine[]; participant: ProductLine[][] } {
  const ticketIds = new Set(seats.map((s) => s.ticket_id));
  const all = new Map<number, PublicProduct>();
  for (const a of activities.values()) for (const p of a.products) all.set(p.id, p);
  const fits = (p: PublicProduct, ids: Iterable<number>) => !p.ticket_ids.length || [...ids].some((id) => p.ticket_ids.includes(id));
  const order = [...all.values()]
    .filter((p) => p.scope === 'order' && fits(p, ticketIds))
    .map((product) => ({ product, key: String(product.id), participantIndex: null }));
  const participant = seats.map((seat, i) =>
    (activities.get(seat.activity_id)?.products ?? [])
      .filter((p) => p.scope === 'participant' && fits(p, [seat.ticket_id]))
      .map((product) => ({ product, key: `${product.id}@${i}`, participantIndex: i })),
  );
  return { order, participant };
}

export const productMax = (p: PublicProduct) =>
  Math.max(0, Math.min(p.max_per_order ?? PRODUCT_MAX, p.stock_available ?? PRODUCT_MAX, PRODUCT_MAX));
export const productQuantity = (draft: Draft, line: ProductLine) => draft.products[line.key] ?? line.product.min_per_order;

export function productsBody(
  draft: Draft,
  lines: { order: ProductLine[]; participant: ProductLine[][] },
): NonNullable<OrderBody['products']> {
  return [...lines.order, ...lines.participant.flat()]
    .map((line) => ({ line, quantity: productQuantity(draft, line) }))
    .filter(({ quantity }) => quantity > 0)
    .map(({ line, quantity }) => ({
      product_id: line.product.id,
      quantity,
      ...(line.participantIndex === null ? {} : { participant_index: line.participantIndex }),
    }));
}

/** Payment choices: `free` alone for a total of 0, else the team's methods. */
export function paymentChoices(methods: readonly CheckoutPaymentMethod[], total: number): CheckoutPaymentMethod[] {
  return total <= 0 ? ['free'] : methods.filter((m) => m !== 'free');
}

const blank = (s: string) => s.trim() === '';

/** The participant's fields with the order's (conditions may refer to an order field), answers merged. */
function participantCheck(
  orderFields: readonly BookingFieldDef[],
  own: readonly BookingFieldDef[],
  orderAnswers: Record<string, unknown>,
  answers: Record<string, unknown>,
) {
  const ids = new Set(own.map((f) => String(f.id)));
  const result = validateBookingAnswers([...orderFields, ...own], { ...orderAnswers, ...answers });
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(result.answers)) if (ids.has(k)) clean[k] = v;
  return { issues: result.issues.filter((i) => ids.has(i.path[0]!)), answers: clean };
}

/** The server's rules, checked before sending: nothing goes out that it would refuse for form reasons. */
export function validateDraft(
  draft: Draft,
  seats: readonly Seat[],
  fields: ReturnType<typeof fieldsOf>,
  payments: readonly string[],
  t: T,
): Errors {
  const errors: Errors = {};
  const need = (path: string, value: string, max: number = CHECKOUT_LIMITS.name) => {
    if (blank(value)) errors[path] = validationText(t, 'required');
    else if (value.trim().length > max) errors[path] = validationText(t, `max_string|{"max":${max}}`);
  };
  const email = (path: string, value: string, required: boolean) => {
    if (blank(value)) {
      if (required) errors[path] = validationText(t, 'required');
    } else if (value.trim().length > CHECKOUT_LIMITS.email || !EMAIL_PATTERN.test(value.trim())) errors[path] = validationText(t, 'email');
  };
  const c = draft.customer;
  need('customer.firstname', c.firstname);
  need('customer.lastname', c.lastname);
  email('customer.email', c.email, true);
  const { phone, company } = CHECKOUT_LIMITS;
  if (c.phone.trim().length > phone) errors['customer.phone'] = validationText(t, `max_string|{"max":${phone}}`);
  if (c.company.trim().length > company) errors['customer.company'] = validationText(t, `max_string|{"max":${company}}`);

  for (const i of validateBookingAnswers(fields.order, draft.answers).issues)
    errors[`answers.${i.path.join('.')}`] = validationText(t, i.message);
  seats.forEach((seat, n) => {
    const p = draft.participants[n] ?? emptyParticipant();
    need(`participants.${n}.firstname`, p.firstname);
    need(`participants.${n}.lastname`, p.lastname);
    email(`participants.${n}.email`, p.email, false);
    for (const i of participantCheck(fields.order, fields.participant(seat.activity_id), draft.answers, p.answers).issues)
      errors[`participants.${n}.answers.${i.path.join('.')}`] = validationText(t, i.message);
  });
  if (!payments.includes(draft.payment)) errors.payment_method = validationText(t, 'required');
  if (!draft.terms) errors.accept_terms = t('checkout.termsRequired');
  return errors;
}

const orNull = (s: string) => (s.trim() ? s.trim() : null);

export function orderBody(
  draft: Draft,
  reservation: HeldReservation,
  seats: readonly Seat[],
  fields: ReturnType<typeof fieldsOf>,
  products: NonNullable<OrderBody['products']>,
  lang: ShopLanguage,
): OrderBody {
  const c = draft.customer;
  return {
    reservation_token: reservation.token,
    customer: {
      salutation: orNull(c.salutation),
      firstname: c.firstname.trim(),
      lastname: c.lastname.trim(),
      email: c.email.trim(),
      phone: orNull(c.phone),
      company: orNull(c.company),
    },
    participants: seats.map((seat, n) => {
      const p = draft.participants[n] ?? emptyParticipant();
      return {
        ticket_id: seat.ticket_id,
        firstname: p.firstname.trim(),
        lastname: p.lastname.trim(),
        email: orNull(p.email),
        answers: participantCheck(fields.order, fields.participant(seat.activity_id), draft.answers, p.answers).answers,
      };
    }),
    answers: validateBookingAnswers(fields.order, draft.answers).answers,
    products,
    discount_code: draft.applied,
    payment_method: draft.payment as OrderBody['payment_method'],
    language: lang,
    accept_terms: true,
  };
}

/** The first message of each path of a 422 reply. */
export function serverErrors(errors: Record<string, string[]> | undefined): Errors {
  const out: Errors = {};
  for (const [path, messages] of Object.entries(errors ?? {})) if (messages?.[0]) out[path] = messages[0];
  return out;
}

/** Paths the form shows beside a field; everything else goes into the summary at the top. */
export const FIELD_PATH =
  /^(customer\.\w+|participants\.\d+\.(firstname|lastname|email|membership_id|answers\.\d+(\.\w+)?)|answers\.\d+(\.\w+)?|discount_code|payment_method|accept_terms)$/;
