import { Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { PasswordForm, ProfileForm, SessionsList, TwoFactorSection } from '../../features/profile';
import { PageFrame } from './page-frame';

/** `/{lang}/backend/profile`: personal data, password, two-factor authentication, sessions. */
export function ProfilePage() {
  const { t } = useTranslation('profile');
  const { hash } = useLocation();

  // `#two-factor` (e.g. sent here because the company requires it): show that section.
  useEffect(() => {
    if (hash !== '#two-factor') return;
    const section = document.getElementById('two-factor');
    section?.scrollIntoView({ block: 'start' });
    document.getElementById('two-factor-title')?.focus();
  }, [hash]);

  return (
    <PageFrame title={t('title')}>
      <Stack gap="lg">
        <ProfileForm />
        <TwoFactorSection />
        <PasswordForm />
        <SessionsList />
      </Stack>
    </PageFrame>
  );
}
