import { Alert, Anchor, Paper, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { useLang } from '../../../lib/language';
import { useDocumentTitle } from '../../../lib/use-document-title';
import type { ResetAudience } from '../api/auth-api';
import type { LoginNavigationState } from './notice';
import { ResetPasswordForm } from './reset-password-form';

/**
 * `/{lang}/reset/password/{token}/{email}` (staff) and `/{lang}/customer/reset/password/...`.
 * Staff go on to the login with a success notice; customers log in in the shop, so they see
 * the success message here.
 */
export function ResetScreen({ audience }: { audience: ResetAudience }) {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const navigate = useNavigate();
  const { token = '', email = '' } = useParams();
  const [done, setDone] = useState<string | null>(null);
  useDocumentTitle(t('reset.title'));

  const onDone = (message: string) => {
    if (audience === 'customer') {
      setDone(message);
      return;
    }
    const state: LoginNavigationState = { notice: { color: 'green', title: t('reset.success'), text: message } };
    void navigate(`/${lang}/login`, { state });
  };

  return (
    <Stack maw={440} mx="auto" gap="md">
      <Title order={1}>{t('reset.heading')}</Title>
      {done ? (
        <Alert color="green" title={t('reset.success')}>
          {done}
        </Alert>
      ) : (
        <Paper withBorder p={{ base: 'md', xs: 'lg' }} radius="md">
          <ResetPasswordForm audience={audience} token={token} email={email} onDone={onDone} />
        </Paper>
      )}
      {audience === 'staff' && (
        <Anchor component={Link} to={`/${lang}/login`}>
          {t('backToLogin')}
        </Anchor>
      )}
    </Stack>
  );
}
