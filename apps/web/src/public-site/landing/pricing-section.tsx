import { useSite } from '../context';
import { chf, percent } from '../format';

/** The two tiers of spec §1; both have full functionality, they differ only in price. */
export const PRICING_TIERS = [
  { key: 'payg', name: 'Pay-As-You-Go', monthly: 0, rate: 0.079, fee: 0.49, text: 'landing.pricing.paygText' },
  { key: 'business', name: 'Business', monthly: 139, rate: 0.039, fee: 0.49, text: 'landing.pricing.businessText' },
] as const;

export const PRICING_CURRENCY = 'CHF';

export function PricingSection() {
  const { t, lang } = useSite();
  return (
    <section className="section" id="pricing" aria-labelledby="pricing-heading">
      <h2 id="pricing-heading">{t('landing.pricing.heading')}</h2>
      <p className="lead">{t('landing.pricing.intro')}</p>
      <ul className="tiers">
        {PRICING_TIERS.map((tier) => (
          <li key={tier.key} className="card tier" aria-labelledby={`tier-${tier.key}`} data-tier={tier.key}>
            <h3 id={`tier-${tier.key}`}>{tier.name}</h3>
            <p className="price">
              <strong>{chf(tier.monthly, lang)}</strong> {t('landing.pricing.perMonth')}
            </p>
            <p className="per-sale">{t('landing.pricing.perSale', { percent: percent(tier.rate, lang), fee: chf(tier.fee, lang) })}</p>
            <p className="muted">{t(tier.text)}</p>
            {/* The sign-up form preselects the plan of the button (CONTRACT §6). */}
            <a className="button outline" href={`/${lang}/register?plan=${tier.key}`}>
              {t('landing.pricing.cta', { plan: tier.name })}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
