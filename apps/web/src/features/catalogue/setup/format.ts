import type { Language } from '@bookla/shared/i18n';
import { formatMoney } from '../../../lib/format';

/** A price of a reply in the team's currency; a reply without a valid currency shows the number. */
export function moneyText(amount: number, currency: string, lang: Language): string {
  try {
    return formatMoney(amount, currency, lang);
  } catch {
    return String(amount);
  }
}
