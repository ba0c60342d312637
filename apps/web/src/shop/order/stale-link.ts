import type { ErrorCodes } from '@bookla/shared/errors';
import { ApiError } from '../api';

// A type-only import: the shop loads no code from the zod-using shared modules.
const LINK_STALE: (typeof ErrorCodes)['LINK_STALE'] = 'LINK_STALE';

/** The server's answer to a change through an order link past its change window (first session + 30 days). */
export const isStaleLink = (err: unknown): boolean => err instanceof ApiError && err.status === 403 && err.body.code === LINK_STALE;
