import { COMMON_PASSWORDS } from './common-passwords.ts';

export { COMMON_PASSWORDS };

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

export type PasswordProblem = 'min' | 'max' | 'common' | 'contains_email';

export interface PasswordContext {
  email?: string;
  name?: string;
}

/** Length in Unicode code points (an emoji counts as one, not two UTF-16 units). */
function codePoints(s: string): number {
  let n = 0;
  for (const _ of s) n++;
  return n;
}

/** The email's local part, and its base without a "+tag", lower case; only parts of 4+ code points. */
function emailParts(email: string | undefined): string[] {
  if (!email) return [];
  const at = email.lastIndexOf('@');
  const local = (at >= 0 ? email.slice(0, at) : email).trim().toLowerCase();
  const base = local.split('+')[0] ?? '';
  return [...new Set([local, base])].filter((part) => codePoints(part) >= 4);
}

/**
 * The first rule a new password breaks, or null when it is acceptable:
 * - `min` / `max`: fewer than 8 or more than 128 code points;
 * - `common`: (case-insensitively) one of the most common passwords, or the user's name;
 * - `contains_email`: equals or contains the email's local part (when that has 4+ code points;
 *   `jane.doe+shop@…` checks both `jane.doe+shop` and `jane.doe`).
 */
export function passwordProblem(password: string, context?: PasswordContext): PasswordProblem | null {
  const length = codePoints(password);
  if (length < PASSWORD_MIN_LENGTH) return 'min';
  if (length > PASSWORD_MAX_LENGTH) return 'max';

  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'common';

  const name = context?.name?.toLowerCase().replace(/\s+/g, '') ?? '';
  if (codePoints(name) >= 4 && lower.replace(/\s+/g, '') === name) return 'common';

  for (const part of emailParts(context?.email)) {
    if (lower.includes(part)) return 'contains_email';
  }
  return null;
}
