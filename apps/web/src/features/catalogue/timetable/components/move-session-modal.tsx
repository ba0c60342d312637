import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useMoveSession } from '../api/sessions-api';
import { ConflictList } from '../../resources';
import { applyMappedErrors } from '../form-errors';
import { sessionTimesSchema, type Conflict } from '@bookla/shared/catalogue-timetable';
import type { SessionBodyInput as SessionTimes } from '@bookla/shared/catalogue-timetable';
import type { SessionItem } from '../types';
import { EMPTY_TIMES, SessionTimesFields, TIMES_ERROR_MAP, timesOf } from './session-times';
import { showRange, useTeamZone, wallParts } from '../zoned';

export interface MoveSessionModalProps {
  activityId: number;
  /** The date being moved; `null` closes the modal. */
  session: SessionItem | null;
  onClose: () => void;
}

/**
 * Moves a date. When the new time makes resources clash, the server changes nothing and lists
 * the conflicts; the user may then move it anyway (`confirm: true`) or pick another time.
 */
export function MoveSessionModal({ activityId, session, onClose }: MoveSessionModalProps) {
  const { t } = useTranslation('timetable');
  const lang = useLang();
  const zone = useTeamZone();
  const move = useMoveSession(activityId);
  const [pending, setPending] = useState<{ times: SessionTimes; conflicts: Conflict[] } | null>(null);
  const { control, handleSubmit, setError, reset, formState } = useZodForm(sessionTimesSchema, { defaultValues: EMPTY_TIMES });

  useEffect(() => {
    if (!session) return;
    const start = wallParts(session.starts_at, zone);
    const end = wallParts(session.ends_at, zone);
    reset({ date: start.date, start: start.time, end: end.time, ends_next_day: end.date > start.date });
    setPending(null);
  }, [session, zone, reset]);

  // The conflicts hold only for the time they were found for; another time must be checked again.
  const current = timesOf({ ...EMPTY_TIMES, ...useWatch({ control }) });
  const conflicts = pending && JSON.stringify(current) === JSON.stringify(pending.times) ? pending : null;

  const send = async (times: SessionTimes, confirm: boolean) => {
    if (!session) return;
    try {
      const reply = await move.mutateAsync({ sessionId: session.id, ...times, ...(confirm ? { confirm: true } : {}) });
      if (!reply.success) {
        setPending({ times, conflicts: reply.conflicts });
        return;
      }
      notifySuccess(reply.message || t('dates.moved'));
      onClose();
    } catch (error) {
      if (!applyMappedErrors(error, setError, { ...TIMES_ERROR_MAP })) notifyError(error);
    }
  };

  const onSubmit = handleSubmit(async (values) => {
    const times = timesOf(values);
    if (times) await send(times, false);
  });

  const busy = formState.isSubmitting || move.isPending;
  return (
    <Modal opened={session !== null} onClose={onClose} title={t('dates.moveTitle')} size="lg">
      {session && (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {t('dates.moveFrom', { when: showRange(session.starts_at, session.ends_at, zone, lang) })}
            </Text>
            <SessionTimesFields control={control} />
            {conflicts && (
              <Alert color="orange" title={t('conflicts.title')} role="alert">
                <Stack gap="xs">
                  <Text size="sm">{t('conflicts.moveQuestion')}</Text>
                  <ConflictList conflicts={conflicts.conflicts} />
                </Stack>
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              {conflicts ? (
                <Button color="orange" disabled={busy} onClick={() => void send(conflicts.times, true)}>
                  {t('conflicts.moveAnyway')}
                </Button>
              ) : (
                <Button type="submit" disabled={busy}>
                  {t('dates.moveSubmit')}
                </Button>
              )}
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
