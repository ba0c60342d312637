import { useSite } from '../context';

/** Spec §1's three steps. */
export const STEPS = ['create', 'publish', 'sell'] as const;

/** Spec §1's 12-item feature list: what the product really does (each is a part of the back office). */
export const FEATURES = [
  'activities',
  'shop',
  'tickets',
  'payments',
  'checkin',
  'waitinglist',
  'discounts',
  'forms',
  'customers',
  'team',
  'statistics',
  'languages',
] as const;

export const TESTIMONIALS = ['yoga', 'dance', 'choir'] as const;

export const BRANCHES = [
  'yoga',
  'dance',
  'music',
  'languages',
  'sports',
  'swimming',
  'cooking',
  'art',
  'crafts',
  'coding',
  'photography',
  'events',
] as const;

export function HowItWorks() {
  const { t } = useSite();
  return (
    <section className="section" aria-labelledby="steps-heading">
      <h2 id="steps-heading">{t('landing.steps.heading')}</h2>
      <p className="lead">{t('landing.steps.intro')}</p>
      <ol className="steps">
        {STEPS.map((step, i) => (
          <li key={step} className="card step">
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <h3>{t(`landing.steps.${step}.title`)}</h3>
            <p>{t(`landing.steps.${step}.text`)}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}

export function Features() {
  const { t } = useSite();
  return (
    <section className="section" aria-labelledby="features-heading">
      <h2 id="features-heading">{t('landing.features.heading')}</h2>
      <p className="lead">{t('landing.features.intro')}</p>
      <ul className="features">
        {FEATURES.map((feature) => (
          <li key={feature} className="feature">
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false" className="check">
              <path
                d="M5 12.5l4.5 4.5L19 7.5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2.6"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <div>
              <h3>{t(`landing.features.${feature}.title`)}</h3>
              <p>{t(`landing.features.${feature}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Testimonials() {
  const { t } = useSite();
  return (
    <section className="section" aria-labelledby="testimonials-heading">
      <h2 id="testimonials-heading">{t('landing.testimonials.heading')}</h2>
      <ul className="testimonials">
        {TESTIMONIALS.map((key) => (
          <li key={key} className="card">
            <figure>
              <blockquote>
                <p>{t(`landing.testimonials.${key}.quote`)}</p>
              </blockquote>
              <figcaption>
                <strong>{t(`landing.testimonials.${key}.name`)}</strong>
                <span>{t(`landing.testimonials.${key}.role`)}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function Branches() {
  const { t } = useSite();
  return (
    <section className="section" aria-labelledby="branches-heading">
      <h2 id="branches-heading">{t('landing.branches.heading')}</h2>
      <p className="lead">{t('landing.branches.intro')}</p>
      <ul className="branches">
        {BRANCHES.map((branch) => (
          <li key={branch}>{t(`landing.branches.${branch}`)}</li>
        ))}
      </ul>
    </section>
  );
}

export function SignupCta() {
  const { t, lang } = useSite();
  return (
    <section className="section cta-band" aria-labelledby="signup-heading">
      <h2 id="signup-heading">{t('landing.signup.heading')}</h2>
      <p>{t('landing.signup.text')}</p>
      <a className="button large" href={`/${lang}/register`}>
        {t('landing.signup.cta')}
      </a>
    </section>
  );
}
