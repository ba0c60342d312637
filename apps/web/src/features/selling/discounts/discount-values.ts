import type { Discount, DiscountBody, DiscountType } from '@bookla/shared/selling';

/** The discount form's values: what the inputs hold (texts, id strings), not the request body. */
export interface DiscountValues {
  code: string;
  name: string;
  type: DiscountType;
  /** Dot decimal as the price input gives it ("10.5", "20.00"). */
  value: string;
  max_uses: string;
  /** `YYYY-MM-DDTHH:mm` in the team's time zone, `''` for none. */
  valid_from: string;
  valid_until: string;
  activity_ids: string[];
  active: boolean;
}

export const blankDiscount: DiscountValues = {
  code: '',
  name: '',
  type: 'percent',
  value: '',
  max_uses: '',
  valid_from: '',
  valid_until: '',
  activity_ids: [],
  active: true,
};

/** A stored discount as form values; dates as wall times of the team's zone (`wallTime`). */
export function discountToValues(d: Discount, wallTime: (iso: string | null) => string): DiscountValues {
  return {
    code: d.code,
    name: d.name ?? '',
    type: d.type,
    value: d.type === 'fixed' ? d.value.toFixed(2) : String(d.value),
    max_uses: d.max_uses === null ? '' : String(d.max_uses),
    valid_from: wallTime(d.valid_from),
    valid_until: wallTime(d.valid_until),
    activity_ids: d.activity_ids.map(String),
    active: d.active,
  };
}

/** The request body (`discountBodySchema`): empty texts as null, numbers as numbers. */
export function discountBody(v: DiscountValues): DiscountBody {
  const maxUses = v.max_uses.trim();
  return {
    code: v.code.trim(),
    name: v.name.trim() || null,
    type: v.type,
    value: v.value.trim(),
    max_uses: maxUses === '' ? null : Number(maxUses),
    valid_from: v.valid_from || null,
    valid_until: v.valid_until || null,
    activity_ids: v.activity_ids.map(Number),
    active: v.active,
  };
}

/** A code that is easy to read out and type: no 0/O or 1/I/L. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export function generateCode(length = 8, random: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n))): string {
  // 256 is not a multiple of the alphabet's size: values above the last full multiple are drawn again.
  const limit = 256 - (256 % CODE_ALPHABET.length);
  let code = '';
  while (code.length < length) {
    for (const byte of random(length)) {
      if (byte < limit && code.length < length) code += CODE_ALPHABET[byte % CODE_ALPHABET.length];
    }
  }
  return code;
}
