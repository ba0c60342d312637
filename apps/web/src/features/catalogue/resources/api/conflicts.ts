import { isApiError } from '../../../../lib/api-client';
import type { Conflict, ConflictsReply } from '@bookla/shared/catalogue-timetable';

/** `{success: false, conflicts}`: nothing was changed; send again with `confirm: true`. */
export type ConflictReply = ConflictsReply;

export function isConflictReply(reply: unknown): reply is ConflictReply {
  return (
    typeof reply === 'object' &&
    reply !== null &&
    (reply as { success?: unknown }).success === false &&
    Array.isArray((reply as ConflictReply).conflicts)
  );
}

/**
 * A write that may be refused for resource conflicts: the agreed reply is 200 with
 * `{success: false, conflicts}`; a 409 carrying `conflicts` is read the same way.
 */
export async function withConflicts<T>(send: () => Promise<T | ConflictReply>): Promise<T | ConflictReply> {
  try {
    return await send();
  } catch (error) {
    if (isApiError(error, 409) && isConflictReply({ success: false, ...(error.body as object) })) {
      const body = error.body as { conflicts: Conflict[]; message?: string };
      return { success: false, conflicts: body.conflicts, message: body.message ?? '' };
    }
    throw error;
  }
}
