import type { OrderBody, QuoteReply } from '@bookla/shared/selling';
import { useEffect, useEffectEvent, useState } from 'react';
import { ApiError, shopApi } from '../api';

type Items = { ticket_id: number; quantity: number }[];
type Products = NonNullable<OrderBody['products']>;

/**
 * The live totals of the cart from the server (`POST …/quote`): asked again whenever the products
 * or the applied discount code change; the server decides, the page only shows.
 */
export function useQuote(
  teamId: number,
  items: Items,
  products: Products,
  applied: string | null,
  enabled: boolean,
  onRefused: (message: string) => void,
) {
  const [state, setState] = useState<{ totals: QuoteReply | null; pending: boolean }>({ totals: null, pending: true });
  const key = JSON.stringify([items, products, applied, enabled]);

  const run = useEffectEvent((signal: AbortSignal) => {
    if (!enabled) return;
    setState((s) => ({ ...s, pending: true }));
    shopApi.quote(teamId, { items, products, discount_code: applied }, signal).then(
      (totals) => setState({ totals, pending: false }),
      (e: unknown) => {
        if (signal.aborted) return;
        // A code that no longer fits the cart (say, a product removed) is dropped, with the reason.
        const refused = e instanceof ApiError && e.status === 422 ? e.body.errors?.discount_code?.[0] : undefined;
        if (refused && applied) onRefused(refused);
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
      const totals = await shopApi.quote(teamId, { items, products, discount_code: code });
      setState({ totals, pending: false });
      return { applied: totals.discount_code ?? code };
    } catch (e) {
      return { refused: e instanceof ApiError ? (e.body.errors?.discount_code?.[0] ?? e.body.message) : undefined };
    }
  };

  return { ...state, apply };
}
