import type { EmailArchiveItem } from '@bookla/shared/email-archive';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR = { queued: 'blue', retrying: 'yellow', sent: 'green', kept: 'gray', failed: 'red', skipped: 'orange' } as const;

/** Queued with a failed attempt behind it: it is retried (the reason says why the last try failed). */
export function shownStatus(mail: Pick<EmailArchiveItem, 'status' | 'failure_reason'>): keyof typeof COLOR {
  return mail.status === 'queued' && mail.failure_reason ? 'retrying' : mail.status;
}

/** The state in words as a coloured badge; a failed (or retried) mail says why below it. */
export function EmailStatus({ mail }: { mail: Pick<EmailArchiveItem, 'status' | 'failure_reason' | 'attempts'> }) {
  const { t } = useTranslation('archive');
  const status = shownStatus(mail);
  return (
    <Stack gap={2} align="flex-start">
      <Badge
        color={COLOR[status]}
        variant="light"
        title={status === 'kept' || status === 'skipped' ? t(`statusHint.${status}`) : undefined}
      >
        {t(`status.${status}`)}
      </Badge>
      {mail.failure_reason && (
        <Text size="xs" c={status === 'failed' ? 'red.8' : 'dimmed'}>
          {t(`reason.${mail.failure_reason}`)} {t('list.attempts', { count: mail.attempts })}
        </Text>
      )}
    </Stack>
  );
}

/** A mail kind in words; one the client does not know is shown as it is. */
export function useKindLabel(): (kind: string) => string {
  const { t, i18n } = useTranslation('archive');
  return (kind) => (i18n.exists(`archive:kinds.${kind}`) ? t(`kinds.${kind}` as 'kinds.order_paid') : kind);
}
