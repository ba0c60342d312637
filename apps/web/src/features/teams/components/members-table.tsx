import { ASSIGNABLE_ROLES, type AssignableRole, type Member } from '@bookla/shared/teams';
import { Alert, Badge, Button, Select, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table';
import { PageLoader } from '../../../components/page-loader';
import { useAppState } from '../../../lib/app-state';
import { confirm } from '../../../lib/confirm';
import { formatDate } from '../../../lib/format';
import { useLang } from '../../../lib/language';
import { useChangeRole, useMembers, useRemoveMember } from '../api/teams-api';
import { notifyError, notifySuccess } from '../../../lib/notify';

const fullName = (m: Pick<Member, 'firstname' | 'lastname'>) => `${m.firstname} ${m.lastname}`.trim();

/** Staff of the company: role select and removal (not for the owner, not for oneself). */
export function MembersTable() {
  const { t } = useTranslation('settings');
  const { t: tb } = useTranslation('backend');
  const lang = useLang();
  const { user } = useAppState();
  const members = useMembers();
  const changeRole = useChangeRole();
  const removeMember = useRemoveMember();

  if (members.isPending) return <PageLoader />;
  if (members.isError) return <Alert color="red">{tb('errors.load')}</Alert>;

  const onRole = async (member: Member, role: AssignableRole) => {
    if (role === member.role) return;
    try {
      const result = await changeRole.mutateAsync({ userId: member.id, role });
      notifySuccess(result.message || t('staff.roleChanged'));
    } catch (error) {
      notifyError(error);
    }
  };

  const onRemove = async (member: Member) => {
    const name = fullName(member);
    const ok = await confirm({
      title: t('staff.removeTitle'),
      message: t('staff.removeText', { name }),
      confirmLabel: t('staff.remove'),
      danger: true,
    });
    if (!ok) return;
    try {
      const result = await removeMember.mutateAsync(member.id);
      notifySuccess(result.message || t('staff.removed'));
    } catch (error) {
      notifyError(error);
    }
  };

  const roleData = ASSIGNABLE_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }));
  return (
    <ListTable
      minWidth={720}
      columns={[t('staff.name'), t('staff.email'), t('staff.role'), t('staff.twoFactor'), t('staff.joined')]}
      actionsLabel={t('staff.actions')}
    >
      {members.data.map((member) => {
        const name = fullName(member);
        const self = member.id === Number(user?.id);
        const fixed = self || member.role === 'owner';
        return (
          <Table.Tr key={member.id}>
            <Table.Td>
              <Text size="sm" fw={500}>
                {name}
                {self && (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    ({t('staff.you')})
                  </Text>
                )}
              </Text>
            </Table.Td>
            <Table.Td>{member.email}</Table.Td>
            <Table.Td>
              {fixed ? (
                <Badge variant="light">{t(`roles.${member.role}`)}</Badge>
              ) : (
                <Select
                  aria-label={t('staff.roleOf', { name })}
                  data={roleData}
                  value={member.role}
                  allowDeselect={false}
                  onChange={(value) => value && void onRole(member, value as AssignableRole)}
                  disabled={changeRole.isPending}
                  w={180}
                />
              )}
            </Table.Td>
            <Table.Td>
              <Badge color={member.two_factor_enabled ? 'green' : 'gray'} variant="light" c="dark.7">
                {member.two_factor_enabled ? t('staff.on') : t('staff.off')}
              </Badge>
            </Table.Td>
            <Table.Td>{formatDate(member.joined_at, lang)}</Table.Td>
            <Table.Td>
              {!fixed && (
                <Button
                  size="xs"
                  variant="subtle"
                  color="#c92a2a"
                  aria-label={t('staff.removeLabel', { name })}
                  onClick={() => void onRemove(member)}
                >
                  {t('staff.remove')}
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        );
      })}
    </ListTable>
  );
}
