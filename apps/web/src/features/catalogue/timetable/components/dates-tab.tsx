import { Alert, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../../components/page-loader';
import { PanelSection } from '../../../../components/panel-section';
import { confirm } from '../../../../lib/confirm';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { AddSessionForm } from './add-session-form';
import { useSessionAction, useSessions, type SessionAction } from '../api/sessions-api';
import { GeneratorForm } from './generator-form';
import { MoveSessionModal } from './move-session-modal';
import type { SessionItem } from '../types';
import { SessionsTable } from './sessions-table';
import { showRange, useTeamZone } from '../zoned';

/** Activity → dates: the timetable, one more date, the generator, and moving/cancelling dates. */
export function DatesTab({ activityId, canEdit }: { activityId: number; canEdit: boolean }) {
  const { t } = useTranslation('timetable');
  const { t: tb } = useTranslation('backend');
  const lang = useLang();
  const zone = useTeamZone();
  const sessions = useSessions(activityId);
  const action = useSessionAction(activityId);
  const [moving, setMoving] = useState<SessionItem | null>(null);

  const onAction = async (session: SessionItem, kind: SessionAction) => {
    const when = showRange(session.starts_at, session.ends_at, zone, lang);
    const ok = await confirm({
      title: t(`dates.${kind}Title`),
      message: t(`dates.${kind}Text`, { when }),
      confirmLabel: t(`dates.${kind}`),
      danger: kind !== 'restore',
    });
    if (!ok) return;
    try {
      const result = await action.mutateAsync({ sessionId: session.id, action: kind });
      notifySuccess(result.message || t(`dates.${kind}Done`));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="lg">
      <PanelSection headingId="dates-title" title={t('dates.title')}>
        <Text size="sm" c="dimmed" mb="sm">
          {t('dates.zone', { zone })}
        </Text>
        {sessions.isPending ? (
          <PageLoader />
        ) : sessions.isError ? (
          <Alert color="red">{tb('errors.load')}</Alert>
        ) : (
          <SessionsTable
            sessions={sessions.data}
            canEdit={canEdit}
            busy={action.isPending}
            onMove={setMoving}
            onAction={(session, kind) => void onAction(session, kind)}
          />
        )}
      </PanelSection>
      {canEdit && (
        <>
          <PanelSection headingId="add-date-title" title={t('dates.addTitle')}>
            <AddSessionForm activityId={activityId} />
          </PanelSection>
          <PanelSection headingId="generator-title" title={t('generator.title')}>
            <Text size="sm" c="dimmed" mb="sm">
              {t('generator.intro')}
            </Text>
            <GeneratorForm activityId={activityId} />
          </PanelSection>
          <MoveSessionModal activityId={activityId} session={moving} onClose={() => setMoving(null)} />
        </>
      )}
    </Stack>
  );
}
