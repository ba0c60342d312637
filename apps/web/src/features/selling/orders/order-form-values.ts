import type { OrderAdminDetail, OrderUpdateBody } from '@bookla/shared/orders-admin';
import type { PublicBookingField } from '@bookla/shared/catalogue-tickets';
import { ADDRESS_PARTS, type BookingAnswers } from '@bookla/shared/booking-answers';

/**
 * The order edit form's values and the request body. Answers are keyed `f<fieldId>` in the form
 * (react-hook-form reads a numeric path segment as an array index), `<fieldId>` in the body; the
 * server's error paths (`answers.12`, `participants.0.answers.12.city`) are mapped back.
 */

export type FormAnswer = string | string[] | boolean | Record<string, string>;
export type FormAnswers = Record<string, FormAnswer>;

export interface OrderFormValues {
  customer: { salutation: string; firstname: string; lastname: string; email: string; phone: string; company: string };
  answers: FormAnswers;
  participants: { id: number; firstname: string; lastname: string; email: string; answers: FormAnswers }[];
}

export const formKey = (fieldId: number) => `f${fieldId}`;

/** A kept answer as the field's input holds it. */
function toFormAnswer(field: PublicBookingField, value: unknown): FormAnswer {
  switch (field.type) {
    case 'checkbox':
      return value === true || value === 1 || value === '1' || value === 'true';
    case 'multiselect':
      return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
    case 'address': {
      const source = value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
      return Object.fromEntries(ADDRESS_PARTS.map((p) => [p, typeof source[p] === 'string' ? source[p] : '']));
    }
    default:
      return value === null || value === undefined ? '' : typeof value === 'string' ? value : String(value);
  }
}

function formAnswers(fields: readonly PublicBookingField[], answers: Record<string, unknown>): FormAnswers {
  return Object.fromEntries(fields.map((f) => [formKey(f.id), toFormAnswer(f, answers[String(f.id)])]));
}

export function orderToValues(order: OrderAdminDetail): OrderFormValues {
  const participants = new Map(order.order_items.flatMap((i) => i.participants.map((p) => [p.id, p] as const)));
  return {
    customer: {
      salutation: order.salutation ?? '',
      firstname: order.firstname,
      lastname: order.lastname,
      email: order.email,
      phone: order.phone ?? '',
      company: order.company ?? '',
    },
    answers: formAnswers(order.booking.order_fields, order.booking.answers),
    participants: order.booking.participants.map((form) => {
      const p = participants.get(form.id);
      return {
        id: form.id,
        firstname: p?.firstname ?? '',
        lastname: p?.lastname ?? '',
        email: p?.email ?? '',
        answers: formAnswers(form.fields, form.answers),
      };
    }),
  };
}

/** `f12` → `12` (the form's own keys only). */
function bodyAnswers(answers: FormAnswers): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answers)) if (/^f\d+$/.test(key)) out[key.slice(1)] = value;
  return out;
}

export function valuesToBody(values: OrderFormValues): OrderUpdateBody {
  const c = values.customer;
  return {
    customer: {
      salutation: c.salutation || null,
      firstname: c.firstname,
      lastname: c.lastname,
      email: c.email,
      phone: c.phone || null,
      company: c.company || null,
    },
    answers: bodyAnswers(values.answers),
    participants: values.participants.map((p) => ({
      id: p.id,
      firstname: p.firstname,
      lastname: p.lastname,
      email: p.email || null,
      answers: bodyAnswers(p.answers),
    })),
  };
}

/** A body path of the server's 422 → the form's path (`answers.12.city` → `answers.f12.city`). */
export function formPath(path: string): string {
  return path.replace(/(^|\.)answers\.(\d+)/, '$1answers.f$2');
}

/** The answers the visibility rules read: the form's values keyed by field id again. */
export function engineAnswers(...sources: FormAnswers[]): BookingAnswers {
  return Object.assign({}, ...sources.map(bodyAnswers)) as BookingAnswers;
}
