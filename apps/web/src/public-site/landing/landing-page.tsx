import { useSite } from '../context';
import type { FaqEntry } from '../types';
import { DemoBooking } from './demo-booking';
import { FaqSection } from './faq-section';
import { HeroCarousel } from './hero-carousel';
import { PricingSection } from './pricing-section';
import { Branches, Features, HowItWorks, SignupCta, Testimonials } from './sections';
import { VideoSection } from './video-section';

/** `/` and `/{lang}/provider`: the marketing page of spec §1, in its order. */
export function LandingPage({ faq, demoTeamId }: { faq: FaqEntry[] | null; demoTeamId: number | null }) {
  const { t, lang } = useSite();
  return (
    <>
      <div className="hero">
        <div className="wrap hero-grid">
          <div className="hero-text">
            <h1>{t('landing.heading')}</h1>
            <p className="pitch">{t('landing.pitch')}</p>
            <div className="actions">
              <a className="button large" href={`/${lang}/register`}>
                {t('landing.ctaRegister')}
              </a>
              <a className="button large outline" href="#demo">
                {t('landing.ctaDemo')}
              </a>
            </div>
          </div>
          <HeroCarousel />
        </div>
      </div>
      <div className="wrap">
        <HowItWorks />
        <VideoSection />
        <Features />
        <Testimonials />
        <Branches />
        <PricingSection />
        <DemoBooking teamId={demoTeamId} />
        <FaqSection faq={faq} />
        <SignupCta />
      </div>
    </>
  );
}
