import type { Invitation } from '@bookla/shared/teams';
import { Alert, Badge, Button, Group, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table';
import { PageLoader } from '../../../components/page-loader';
import { confirm } from '../../../lib/confirm';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/language';
import { useInvitations, useResendInvitation, useRevokeInvitation } from '../api/teams-api';
import { notifyError, notifySuccess } from '../../../lib/notify';

/** Open invitations (pending or expired) with resend and revoke. */
export function InvitationsTable() {
  const { t } = useTranslation('settings');
  const { t: tb } = useTranslation('backend');
  const lang = useLang();
  const invitations = useInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();

  if (invitations.isPending) return <PageLoader />;
  if (invitations.isError) return <Alert color="red">{tb('errors.load')}</Alert>;
  if (!invitations.data.length) {
    return (
      <Text c="dimmed" size="sm">
        {t('invitations.empty')}
      </Text>
    );
  }

  const onResend = async (invitation: Invitation) => {
    try {
      const result = await resend.mutateAsync(invitation.id);
      notifySuccess(result.message || t('invitations.resent', { email: invitation.email }));
    } catch (error) {
      notifyError(error);
    }
  };

  const onRevoke = async (invitation: Invitation) => {
    const ok = await confirm({
      title: t('invitations.revokeTitle'),
      message: t('invitations.revokeText', { email: invitation.email }),
      confirmLabel: t('invitations.revoke'),
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await revoke.mutateAsync(invitation.id);
      notifySuccess(result.message || t('invitations.revoked'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <ListTable
      minWidth={640}
      columns={[t('invitations.email'), t('invitations.role'), t('invitations.status'), t('invitations.expires')]}
      actionsLabel={t('invitations.actions')}
    >
      {invitations.data.map((invitation) => (
        <Table.Tr key={invitation.id}>
          <Table.Td>{invitation.email}</Table.Td>
          <Table.Td>{t(`roles.${invitation.role}`)}</Table.Td>
          <Table.Td>
            <Badge color={invitation.status === 'pending' ? 'yellow' : 'gray'} variant="light" c="dark.7">
              {t(`invitations.${invitation.status}`)}
            </Badge>
          </Table.Td>
          <Table.Td>{formatDateTime(invitation.expires_at, lang)}</Table.Td>
          <Table.Td>
            <Group gap="xs" wrap="nowrap" justify="flex-end">
              <Button
                size="xs"
                variant="light"
                aria-label={t('invitations.resendLabel', { email: invitation.email })}
                onClick={() => void onResend(invitation)}
                disabled={resend.isPending}
              >
                {t('invitations.resend')}
              </Button>
              <Button
                size="xs"
                variant="subtle"
                color="#c92a2a"
                aria-label={t('invitations.revokeLabel', { email: invitation.email })}
                onClick={() => void onRevoke(invitation)}
              >
                {t('invitations.revoke')}
              </Button>
            </Group>
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
