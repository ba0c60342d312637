import { Anchor, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { RegisterForm } from '../../features/auth';
import { useLang } from '../../lib/language';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `/{lang}/register`: the three-step registration of a user with a company (spec §2, §4, §5). */
export function RegisterPage() {
  const { t } = useTranslation('auth');
  const lang = useLang();
  useDocumentTitle(t('register.title'));

  return (
    <Stack maw={760} mx="auto" gap="md">
      <Title order={1}>{t('register.heading')}</Title>
      <Text>
        {t('register.haveAccount')}{' '}
        <Anchor component={Link} to={`/${lang}/login`}>
          {t('register.login')}
        </Anchor>
      </Text>
      <RegisterForm />
    </Stack>
  );
}
