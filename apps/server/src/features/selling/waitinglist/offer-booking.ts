import { WAITING_LIST_HOLDER_PREFIX } from '@bookla/shared';
import type { DbOrTx } from '../../../db/client.ts';
import { markBooked } from './waitinglist.repo.ts';

/**
 * The checkout's side of an offer: an order placed with a reservation token that is an offer's
 * holder (`wl_…`) books that entry. Only such orders pay for it: `isOfferHolder` is a string test,
 * so an ordinary order runs no statement of the waiting list.
 */
export const isOfferHolder = (token: string | undefined | null): token is string =>
  typeof token === 'string' && token.startsWith(WAITING_LIST_HOLDER_PREFIX);

/**
 * In the order's transaction, after the holder's seats were converted (the order holds the
 * tickets' locks, as every offer change does): the entry is `booked` with the order, and its
 * event written, in one statement. Returns the entry's id (undefined: no open offer of this holder).
 */
export function bookOffer(tx: DbOrTx, teamId: number, holder: string, orderId: number): Promise<number | undefined> {
  return markBooked(tx, teamId, holder, orderId);
}
