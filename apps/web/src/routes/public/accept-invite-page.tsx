import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AcceptInvite } from '../../features/auth';
import { useDocumentTitle } from '../../lib/use-document-title';

/** `/{lang}/accept-invite/{teamid}/{invitationid}/{hash}`: link from the invitation mail. */
export function AcceptInvitePage() {
  const { t } = useTranslation('auth');
  const { teamid = '', invitationid = '', hash = '' } = useParams();
  useDocumentTitle(t('invite.title'));
  return (
    <Stack maw={640} mx="auto" gap="md">
      <Title order={1}>{t('invite.heading')}</Title>
      {/* A new link is a new invitation: start over rather than keep the old one's state. */}
      <AcceptInvite key={`${teamid}/${invitationid}/${hash}`} link={{ teamid, invitationid, hash }} />
    </Stack>
  );
}
