import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PanelSection } from '../../../components/panel-section';
import { InvitationsTable } from './invitations-table';
import { InviteForm } from './invite-form';
import { MembersTable } from './members-table';

/** Company settings → staff: members, open invitations, and the invite form. */
export function StaffTab() {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="lg">
      <PanelSection headingId="staff-title" title={t('staff.title')}>
        <MembersTable />
      </PanelSection>
      <PanelSection headingId="invite-title" title={t('invite.title')} gap="xs">
        <InviteForm />
      </PanelSection>
      <PanelSection headingId="invitations-title" title={t('invitations.title')}>
        <InvitationsTable />
      </PanelSection>
    </Stack>
  );
}
