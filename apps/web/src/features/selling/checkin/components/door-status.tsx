import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../lib/language';
import { showTime, useTeamZone } from '../../../catalogue/timetable';
import type { SyncConflict } from '../offline/door';
import type { DoorState } from '../offline/use-door';

function ConflictLine({ conflict }: { conflict: SyncConflict }) {
  const { t } = useTranslation('checkin');
  const lang = useLang();
  const zone = useTeamZone();
  const name = conflict.name ?? t('offline.unknownName');
  const scanned = showTime(conflict.scannedAt, zone, lang);
  switch (conflict.result) {
    case 'already_checked_in':
      return <>{t('offline.conflictAlready', { name, time: showTime(conflict.checkedInAt, zone, lang), scanned })}</>;
    case 'unpaid':
      return <>{t('offline.conflictUnpaid', { name, scanned })}</>;
    case 'cancelled':
      return <>{t('offline.conflictCancelled', { name, scanned })}</>;
    case 'not_found':
      return <>{t('offline.conflictNotFound', { scanned })}</>;
  }
}

/**
 * The door's state beside the scanner: the running count of the chosen date, online/offline with
 * the queue ("offline — N queued"), the saved list, and what the last sync could not do as scanned.
 */
export function DoorStatus({ door, hasSession }: { door: DoorState; hasSession: boolean }) {
  const { t } = useTranslation('checkin');
  const lang = useLang();
  const zone = useTeamZone();
  const { offline, queued, counts, list, lastSync } = door;
  return (
    <Stack gap="sm">
      {counts && (
        <div aria-label={t('scanner.countLabel')} role="group">
          <Text size="xl" fw={800} style={{ fontSize: 'clamp(1.4rem, 5vw, 2rem)' }}>
            {t('scanner.count', { checkedIn: counts.checkedIn, expected: counts.expected })}
          </Text>
        </div>
      )}
      <Group gap="sm" wrap="wrap" role="status" aria-live="polite">
        <Badge size="lg" color={offline ? 'orange.9' : 'green.9'} variant="filled">
          {offline ? t('offline.offline') : t('offline.online')}
        </Badge>
        {offline && queued > 0 && <Text fw={700}>{t('offline.offlineQueued', { count: queued })}</Text>}
        {!offline && queued > 0 && <Text fw={700}>{t('offline.waiting', { count: queued })}</Text>}
        {!offline && queued > 0 && (
          <Button size="xs" variant="light" loading={door.syncing} onClick={() => void door.syncNow()}>
            {t('offline.syncNow')}
          </Button>
        )}
      </Group>
      {door.syncFailed && queued > 0 && <Text size="sm">{t('offline.syncFailed')}</Text>}
      {offline && !door.canWorkOffline && <Text size="sm">{t('offline.noStorage')}</Text>}
      {offline && door.canWorkOffline && <Text size="sm">{hasSession ? t('offline.offlineHint') : t('offline.offlineNoList')}</Text>}
      {hasSession && door.canWorkOffline && (
        <Group gap="sm" wrap="wrap">
          <Text size="sm">
            {list.state === 'saving' && t('offline.listSaving')}
            {list.state === 'saved' && list.savedAt && t('offline.listSaved', { time: showTime(list.savedAt, zone, lang) })}
            {list.state === 'failed' && t('offline.listFailed')}
          </Text>
          {!offline && list.state !== 'saving' && (
            <Button size="xs" variant="subtle" onClick={() => void door.saveList()}>
              {t('offline.updateList')}
            </Button>
          )}
        </Group>
      )}
      {lastSync && (
        <Paper withBorder p="sm" radius="md">
          <Stack gap="xs">
            <Text role="status">{t('offline.synced', { count: lastSync.synced })}</Text>
            {lastSync.conflicts.length > 0 && (
              <>
                <Text fw={700}>{t('offline.conflicts')}</Text>
                <ul style={{ margin: 0, paddingInlineStart: '1.2rem' }}>
                  {lastSync.conflicts.map((c, i) => (
                    <li key={`${c.scannedAt}-${i}`}>
                      <ConflictLine conflict={c} />
                    </li>
                  ))}
                </ul>
              </>
            )}
            <div>
              <Button size="xs" variant="default" onClick={door.dismissSync}>
                {t('offline.dismiss')}
              </Button>
            </div>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
