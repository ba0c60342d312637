import type { OrderBody, QuoteReply } from '@bookla/shared/selling';
import type { MemberQuoteBody, MemberQuoteReply } from '@bookla/shared/subscriptions';
import { useEffect, useEffectEvent, useState } from 'react';
import { ApiError, shopApi } from '../api';
import { accountApi } from '../account/account-api';

type Items = { ticket_id: number; quantity: number }[];
type Products = NonNullable<OrderBody['products']>;

/**
 * Seats booked with a membership: the logged-in customer's quote (`POST /api/customer/teams/…/quote`)
 * prices them at 0 as their order call will; null: the public quote.
 */
export interface MemberSeatsQuote {
  lang: string;
  participants: MemberQuoteBody['participants'];
}

/** The server's totals: the member quote's carry the member seats and what they would have cost. */
export type QuoteTotals = QuoteReply & Partial<Pick<MemberQuoteReply, 'membership_seats' | 'membership_value'>>;

/**
 * The live totals of the cart from the server (`POST …/quote`): asked again whenever the products,
 * the applied discount code or the seats booked with a membership change; the server decides, the
 * page only shows. A membership the server refuses for a seat (422 at `participants.N.membership_id`)
 * is handed to `onMemberRefused`.
 */
export function useQuote(
  teamId: number,
  items: Items,
  products: Products,
  applied: string | null,
  enabled: boolean,
  onRefused: (message: string) => void,
  member: MemberSeatsQuote | null = null,
  onMemberRefused: (errors: Record<string, string[]>) => void = () => {},
) {
  const [state, setState] = useState<{ totals: QuoteTotals | null; pending: boolean }>({ totals: null, pending: true });
  const key = JSON.stringify([items, products, applied, enabled, member]);

  const ask = (code: string | null, signal?: AbortSignal): Promise<QuoteTotals> =>
    member
      ? accountApi(teamId, member.lang).orderQuote({ items, products, discount_code: code, participants: member.participants }, signal)
      : shopApi.quote(teamId, { items, products, discount_code: code }, signal);

  const run = useEffectEvent((signal: AbortSignal) => {
    if (!enabled) return;
    setState((s) => ({ ...s, pending: true }));
    ask(applied, signal).then(
      (totals) => setState({ totals, pending: false }),
      (e: unknown) => {
        if (signal.aborted) return;
        const errors = e instanceof ApiError && e.status === 422 ? (e.body.errors ?? {}) : {};
        // A code that no longer fits the cart (say, a product removed) is dropped, with the reason.
        const refused = errors.discount_code?.[0];
        if (refused && applied) onRefused(refused);
        const seats = Object.fromEntries(Object.entries(errors).filter(([path]) => /^participants\.\d+\.membership_id$/.test(path)));
        if (Object.keys(seats).length) onMemberRefused(seats);
        setState((s) => ({ ...s, pending: false }));
      },
    );
  });
  useEffect(() => {
    const controller = new AbortController();
    run(controller.signal);
    return () => controller.abort();
  }, [key]);

  /** Tries a code: the code the server accepted, or its reason to refuse it. */
  const apply = async (code: string): Promise<{ applied: string } | { refused: string | undefined }> => {
    try {
      const totals = await ask(code);
      setState({ totals, pending: false });
      return { applied: totals.discount_code ?? code };
    } catch (e) {
      return { refused: e instanceof ApiError ? (e.body.errors?.discount_code?.[0] ?? e.body.message) : undefined };
    }
  };

  return { ...state, apply };
}
