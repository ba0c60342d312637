import { addNamespace } from '../../lib/i18n';
import de from '../../locales/de/auth.json';
import en from '../../locales/en/auth.json';
import fr from '../../locales/fr/auth.json';

/**
 * The `auth` namespace: texts of the account screens and the messages of the shared auth
 * schemas (`auth:password_mismatch`, …). Added by whichever account chunk loads first, and by the
 * back office, whose profile checks a new password with the same rules.
 */
export function registerAuthTexts(): void {
  addNamespace('auth', { de, en, fr });
}
