import { AppError } from '../../../lib/app-error.ts';
import { clientKey } from '../../../lib/client-key.ts';
import type { RateLimiter } from '../../../lib/rate-limit.ts';
import { takeAttempt } from '../../../plugins/rate-limit.ts';

/**
 * Guessing discount codes (issue 20 item 4): a public call that carries a code counts one attempt
 * against the client (`clientKey`: an IPv4 address or an IPv6 /64) and against the team BEFORE
 * the code is looked at (`takeAttempt`: one atomic increment-and-check per limit, 429 past it),
 * and gives the attempt back unless the code was refused, so buyers with a valid code (and calls
 * that fail for other reasons) are not counted. The per-team limit caps guessing from many
 * addresses. Its price, known and accepted for now: once a team's window is full of wrong guesses
 * (20 in 10 minutes, which one client can cause), a buyer with a valid code of that team also
 * gets 429 until the window moves on — checking the code past the limit would answer valid and
 * invalid codes differently again, which is the oracle the limit exists to close.
 */
export async function withDiscountGuessLimit<T>(
  limiter: RateLimiter,
  caller: { ip: string; teamId: number; code: string | null | undefined },
  work: () => Promise<T>,
): Promise<T> {
  if (!caller.code?.trim()) return work();
  const attempt = await takeAttempt(limiter, [
    ['discountFailuresPerIp', clientKey(caller.ip)],
    ['discountFailuresPerTeam', String(caller.teamId)],
  ]);
  try {
    const result = await work();
    await attempt.refund();
    return result;
  } catch (err) {
    if (!(err instanceof AppError && err.fields && Object.hasOwn(err.fields, 'discount_code'))) await attempt.refund();
    throw err;
  }
}
