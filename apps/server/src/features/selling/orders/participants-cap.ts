import { encodeMessage } from '@bookla/shared';
import { validationError } from '../../../lib/app-error.ts';

/**
 * At most MAX_PARTICIPANTS_PER_ORDER participants (seats) per order and per reservation
 * (config `maxParticipantsPerOrder`, default 100): each participant is a ticket page of the PDF,
 * a row and a check-in code, and the shared schema's bound (200) is only the outer limit. Checked
 * on the parsed body before anything is read or locked: 422 on `participants` (orders) or on
 * `items` (reservations, whose lines' quantities are the seats; also an order's direct lines).
 */
export function checkParticipantsCap(
  max: number,
  body: { participants?: readonly unknown[] | undefined; items?: readonly { quantity: number }[] | undefined },
): void {
  const message = encodeMessage('checkout:validation.participants_max', { max });
  const seats = (body.items ?? []).reduce((sum, i) => sum + i.quantity, 0);
  if (body.participants && body.participants.length > max) throw validationError({ participants: [message] });
  if (seats > max) throw validationError({ [body.participants ? 'participants' : 'items']: [message] });
}
