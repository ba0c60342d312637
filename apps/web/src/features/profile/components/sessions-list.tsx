import type { SessionInfo } from '@bookla/shared/teams';
import { Alert, Badge, Button, Paper, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../components/list-table';
import { PageLoader } from '../../../components/page-loader';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { formatDateTime } from '../../../lib/format';
import { useLang } from '../../../lib/language';
import { useEndSession, useSessions } from '../api/profile-api';

/** "Firefox on Linux" from a user agent; enough to tell one's devices apart. */
export function describeUserAgent(ua: string | null): string | null {
  if (!ua) return null;
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\//.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : null;
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /iPhone|iPad/.test(ua)
      ? 'iOS'
      : /Android/.test(ua)
        ? 'Android'
        : /Mac OS X/.test(ua)
          ? 'macOS'
          : /Linux/.test(ua)
            ? 'Linux'
            : null;
  if (browser && os) return `${browser}, ${os}`;
  return browser ?? os ?? ua.slice(0, 60);
}

/** Profile → sessions: where the user is logged in, with "end session" for the others. */
export function SessionsList() {
  const { t } = useTranslation('profile');
  const { t: tb } = useTranslation('backend');
  const lang = useLang();
  const sessions = useSessions();
  const end = useEndSession();

  const onEnd = async (session: SessionInfo) => {
    try {
      const result = await end.mutateAsync(session.id);
      notifySuccess(result.message || t('sessions.ended'));
    } catch (error) {
      notifyError(error);
    }
  };

  let body;
  if (sessions.isPending) body = <PageLoader />;
  else if (sessions.isError) body = <Alert color="red">{tb('errors.load')}</Alert>;
  else {
    body = (
      <ListTable
        minWidth={620}
        columns={[t('sessions.device'), t('sessions.ip'), t('sessions.started'), t('sessions.lastSeen')]}
        actionsLabel={t('sessions.actions')}
      >
        {sessions.data.map((session) => {
          const device = describeUserAgent(session.user_agent) ?? t('sessions.unknownDevice');
          return (
            <Table.Tr key={session.id}>
              <Table.Td miw={160}>
                <Text size="sm">{device}</Text>
                {session.current && (
                  <Badge variant="light" color="green" size="sm" c="dark.7">
                    {t('sessions.current')}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>{session.ip ?? '–'}</Table.Td>
              <Table.Td>{formatDateTime(session.created_at, lang)}</Table.Td>
              <Table.Td>{formatDateTime(session.last_seen_at, lang)}</Table.Td>
              <Table.Td>
                {!session.current && (
                  <Button
                    size="xs"
                    variant="subtle"
                    color="#c92a2a"
                    aria-label={t('sessions.endLabel', { device })}
                    onClick={() => void onEnd(session)}
                    disabled={end.isPending}
                  >
                    {t('sessions.end')}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          );
        })}
      </ListTable>
    );
  }

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="sessions-title">
      <Title order={2} size="h4" id="sessions-title">
        {t('sessions.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('sessions.intro')}
      </Text>
      {body}
    </Paper>
  );
}
