import { Alert, Button, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader';
import { isApiError } from '../../../lib/api-client';
import { useLang } from '../../../lib/language';
import type { InviteRegistrationInput } from '@bookla/shared/auth';
import { acceptInvitation, useInvitationCheck, type InvitationLink } from '../api/auth-api';
import { InviteRegistrationForm } from './invite-registration-form';
import type { LoginNavigationState } from './notice';

/**
 * Spec §4 "Invitation": validated on load; invalid → expired message; an existing account
 * accepts with one click; otherwise a registration form, then accept. Success → login.
 */
export function AcceptInvite({ link }: { link: InvitationLink }) {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const navigate = useNavigate();
  const check = useInvitationCheck(link);
  const [failure, setFailure] = useState<string | null>(null);
  const [accepting, setAccepting] = useState(false);

  const fail = (error: unknown) => {
    // A refusal (expired meanwhile, used, too many attempts) says why; anything else is technical.
    setFailure((isApiError(error) && error.status < 500 && error.message) || t('technicalError'));
  };

  const accept = async (user?: InviteRegistrationInput) => {
    setFailure(null);
    const reply = await acceptInvitation(link, user);
    const state: LoginNavigationState = { notice: { color: 'green', title: t('invite.success'), text: reply.message } };
    await navigate(`/${lang}/login`, { state });
  };

  const acceptWithAccount = async () => {
    setAccepting(true);
    try {
      await accept();
    } catch (error) {
      fail(error);
    } finally {
      setAccepting(false);
    }
  };

  if (check.isPending) return <PageLoader />;
  if (check.isError) return <Alert color="red">{t('technicalError')}</Alert>;
  if (!check.data.valid) return <Alert color="yellow">{t('invite.invalid')}</Alert>;

  const { user_found: userFound, team_name: team } = check.data;
  return (
    <Stack gap="md">
      {team && (
        <Text size="lg" fw={600}>
          {t('invite.invitedTo', { team })}
        </Text>
      )}
      {failure && (
        <Alert color="red" title={t('invite.failed')}>
          {failure}
        </Alert>
      )}
      <Paper withBorder p={{ base: 'md', xs: 'lg' }} radius="md">
        {userFound ? (
          <Stack gap="sm">
            <Text>{t('invite.acceptIntro')}</Text>
            <Button onClick={() => void acceptWithAccount()} disabled={accepting}>
              {accepting ? t('sending') : t('invite.accept')}
            </Button>
          </Stack>
        ) : (
          <Stack gap="sm">
            <Text>{t('invite.registerIntro')}</Text>
            <InviteRegistrationForm onSubmit={accept} onFailure={fail} />
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
