import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppState } from '../../lib/app-state';
import { useLang } from '../../lib/language';
import { useDocumentTitle } from '../../lib/use-document-title';
import { preloadLoginPages, preloadSignupPages } from './auth-page-loaders';
import { FaqSection } from './faq-section';
import { PricingSection } from './pricing-section';

/** `/` and `/{lang}/provider`. */
export function LandingPage() {
  const { t } = useTranslation('public');
  const lang = useLang();
  const { appName } = useAppState();
  useDocumentTitle(t('landing.title'));

  return (
    <Stack gap={48}>
      <Stack component="section" gap="md" maw={760} aria-labelledby="landing-heading">
        <Title id="landing-heading" order={1}>
          {appName}
        </Title>
        <Text size="xl" fw={600}>
          {t('landing.heading')}
        </Text>
        <Text size="lg">{t('landing.pitch')}</Text>
        <Group gap="sm">
          {/* Pointing at a button starts loading its screen, so the click finds it ready. */}
          <Button
            component={Link}
            to={`/${lang}/register`}
            size="md"
            onMouseEnter={preloadSignupPages}
            onFocus={preloadSignupPages}
            onTouchStart={preloadSignupPages}
          >
            {t('landing.ctaRegister')}
          </Button>
          <Button
            component={Link}
            to={`/${lang}/login`}
            size="md"
            variant="default"
            onMouseEnter={preloadLoginPages}
            onFocus={preloadLoginPages}
            onTouchStart={preloadLoginPages}
          >
            {t('landing.ctaLogin')}
          </Button>
        </Group>
      </Stack>
      <PricingSection />
      <FaqSection />
    </Stack>
  );
}
