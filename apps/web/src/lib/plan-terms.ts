import type { Language } from '@bookla/shared/i18n';
import { planTerms, type Plan } from '@bookla/shared/platform';
import { formatMoney, formatPercent } from './format';

/** The platform's plans are priced in Swiss francs (spec §1). */
const PLAN_CURRENCY = 'CHF';

/**
 * A plan's fees as the sign-up form and the plan tab show them (CONTRACT §6): the monthly fee and
 * the fee per sale, formatted in the UI language from the shared `planTerms`.
 */
export function planFees(plan: Plan, lang: Language): { monthly: string; percent: string; fixed: string } {
  const terms = planTerms(plan);
  return {
    monthly: formatMoney(terms.monthlyMinor / 100, PLAN_CURRENCY, lang),
    percent: formatPercent(terms.percentBp / 10_000, lang, 1),
    fixed: formatMoney(terms.fixedMinor / 100, PLAN_CURRENCY, lang),
  };
}
