import { isIsoDate, safeRecord, zonedTimeToUtc } from '@bookla/shared';
import { validationError } from '../../../lib/app-error.ts';

/**
 * The column filters the operations lists share: ids, a date range in the team's time zone,
 * flags and search texts. A malformed value answers 422 on `columnFilters.<name>` (never a 500,
 * never silently everything); `done()` reports every malformed filter at once.
 */

const ID = /^\d{1,10}$/;
const MAX_ID = 2_147_483_647;

export interface DateRange {
  /** Inclusive start: the first instant of the `from` day in the team's zone. */
  from?: Date;
  /** Exclusive end: the first instant of the day after `to`. */
  until?: Date;
}

function dayStart(text: string, timeZone: string, plusDays = 0): Date {
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  const day = new Date(Date.UTC(y, m - 1, d + plusDays));
  return zonedTimeToUtc({ year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate(), hour: 0, minute: 0 }, timeZone);
}

export type FilterReader = ReturnType<typeof readFilters>;

export function readFilters(columnFilters: Record<string, string>) {
  const errors = safeRecord<string[]>();
  const text = (name: string) => columnFilters[name]?.trim() || undefined;
  const fail = (name: string, message: string) => {
    (errors[`columnFilters.${name}`] ??= []).push(message);
    return undefined;
  };
  return {
    /** A record id; undefined when absent. */
    id(name: string): number | undefined {
      const raw = text(name);
      if (!raw) return undefined;
      const n = ID.test(raw) ? Number(raw) : NaN;
      return n >= 1 && n <= MAX_ID ? n : fail(name, 'number');
    },
    /** `from`/`to` (YYYY-MM-DD, both days included) → instants in the team's zone. */
    dateRange(timeZone: string, fromKey = 'from', toKey = 'to'): DateRange {
      const from = text(fromKey);
      const to = text(toKey);
      let ok = true;
      if (from && !isIsoDate(from)) ok = fail(fromKey, 'date') ?? false;
      if (to && !isIsoDate(to)) ok = fail(toKey, 'date') ?? false;
      if (!ok) return {};
      if (from && to && to < from) {
        fail(toKey, 'customers:validation.to_before_from');
        return {};
      }
      return { from: from ? dayStart(from, timeZone) : undefined, until: to ? dayStart(to, timeZone, 1) : undefined };
    },
    /** A search text, capped at 200 characters. */
    search(name = 'search'): string | undefined {
      return text(name)?.slice(0, 200);
    },
    /** `1`/`true` → true, `0`/`false` → false; anything else: not filtered. */
    flag(name: string): boolean | undefined {
      const raw = text(name)?.toLowerCase();
      if (raw === '1' || raw === 'true') return true;
      if (raw === '0' || raw === 'false') return false;
      return undefined;
    },
    /** One of the allowed values (case-insensitive); undefined when absent. */
    choice<T extends string>(name: string, allowed: readonly T[]): T | undefined {
      const raw = text(name)?.toLowerCase();
      if (!raw) return undefined;
      return (allowed as readonly string[]).includes(raw) ? (raw as T) : fail(name, 'invalid_value');
    },
    /** Records a malformed value found by the caller. */
    fail(name: string, message: string): void {
      fail(name, message);
    },
    /** Throws one 422 naming every malformed filter. */
    done(): void {
      if (Object.keys(errors).length) throw validationError(errors);
    },
  };
}
