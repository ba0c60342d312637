import type { EventDropInfo, EventResizeDoneInfo } from '@fullcalendar/react';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../../lib/confirm';
import { ConflictList } from '../../resources';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { moveCalendarSession } from '../api/calendar-api';

/**
 * A session dragged or resized in the calendar: saved at once; when resources would clash the
 * server keeps the old time and lists the conflicts, and the user either saves anyway
 * (`confirm: true`) or the session jumps back.
 */
export function useMoveByDrag(afterSave: () => unknown) {
  const { t } = useTranslation('timetable');
  return async (info: EventDropInfo | EventResizeDoneInfo) => {
    const { event } = info;
    const target = { activityId: Number(event.extendedProps.activityId), sessionId: Number(event.id) };
    const times = { starts_at: event.startStr, ends_at: event.endStr || event.startStr };
    try {
      let reply = await moveCalendarSession(target, times, false);
      if (!reply.success) {
        const ok = await confirm({
          title: t('conflicts.title'),
          message: (
            <Stack gap="xs">
              <Text size="sm">{t('conflicts.moveQuestion')}</Text>
              <ConflictList conflicts={reply.conflicts} />
            </Stack>
          ),
          confirmLabel: t('conflicts.moveAnyway'),
          danger: true,
        });
        if (!ok) {
          info.revert();
          return;
        }
        reply = await moveCalendarSession(target, times, true);
        if (!reply.success) {
          info.revert();
          return;
        }
      }
      notifySuccess(reply.message || t('dates.moved'));
      await afterSave();
    } catch (error) {
      info.revert();
      notifyError(error);
    }
  };
}
