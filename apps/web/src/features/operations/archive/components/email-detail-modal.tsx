import type { EmailArchiveDetail } from '@bookla/shared/email-archive';
import { Alert, Anchor, Box, Button, Code, Group, Loader, Modal, SimpleGrid, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../../lib/language';
import { showDateTime, useTeamZone } from '../../../catalogue/timetable';
import { useArchivedEmail } from '../api/email-archive-api';
import { EmailStatus, useKindLabel } from './email-status';
import { useResendWithConfirm } from './use-resend';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Box fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Box>
    </Box>
  );
}

/**
 * The mail's HTML as the server neutralised it, in a sandbox without any permission (no
 * scripts, no navigation, no forms, an opaque origin) and the document's own CSP, so even a
 * link the server missed could not be followed and nothing remote is loaded.
 */
function MailFrame({ html, subject }: { html: string; subject: string }) {
  const { t } = useTranslation('archive');
  return (
    <iframe
      sandbox=""
      srcDoc={html}
      referrerPolicy="no-referrer"
      title={t('detail.frameTitle', { subject })}
      style={{
        width: '100%',
        height: 'min(60vh, 560px)',
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 6,
        background: '#fff',
      }}
    />
  );
}

function Detail({ mail }: { mail: EmailArchiveDetail }) {
  const { t } = useTranslation('archive');
  const lang = useLang();
  const zone = useTeamZone();
  const kindLabel = useKindLabel();
  const resend = useResendWithConfirm();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
        <Field label={t('detail.from')}>{mail.from}</Field>
        <Field label={t('detail.to')}>{mail.recipient}</Field>
        <Field label={t('detail.type')}>{kindLabel(mail.kind)}</Field>
        <Field label={t('list.status')}>
          <EmailStatus mail={mail} />
        </Field>
        <Field label={t('detail.created')}>{showDateTime(mail.created_at, zone, lang)}</Field>
        <Field label={t('detail.sent')}>{mail.sent_at ? showDateTime(mail.sent_at, zone, lang) : '–'}</Field>
        <Field label={t('detail.attempts')}>{mail.attempts}</Field>
        {mail.order && (
          <Field label={t('detail.order')}>
            <Anchor component={Link} to={`/${lang}/backend/orders/edit/${mail.order.id}`}>
              {t('detail.orderLink', { number: mail.order.number })}
            </Anchor>
          </Field>
        )}
      </SimpleGrid>
      {mail.status === 'kept' && (
        <Alert color="gray" variant="light">
          {t('statusHint.kept')}
        </Alert>
      )}
      {mail.last_error && (
        <Field label={t('detail.lastError')}>
          <Code block>{mail.last_error}</Code>
        </Field>
      )}
      {mail.attachments.length > 0 && (
        <Field label={t('detail.attachments')}>
          <Box component="ul" m={0} pl="md">
            {mail.attachments.map((a, i) => (
              <li key={`${a.kind}-${a.order_id}-${i}`}>{a.name ?? t('detail.attachmentGone', { kind: a.kind })}</li>
            ))}
          </Box>
          <Text size="xs" c="dimmed">
            {t('detail.attachmentHint')}
          </Text>
        </Field>
      )}
      <Group justify="space-between" align="center" gap="sm">
        <Text size="xs" c="dimmed" style={{ flex: '1 1 240px' }}>
          {t('detail.safeNote')}
        </Text>
        {mail.resendable ? (
          <Button variant="default" onClick={() => void resend.run(mail)} loading={resend.pending}>
            {t('list.resend')}
          </Button>
        ) : (
          <Text size="xs" c="dimmed">
            {t('resend.notResendable')}
          </Text>
        )}
      </Group>
      <Tabs defaultValue={mail.html ? 'html' : 'text'} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="html">{t('detail.html')}</Tabs.Tab>
          <Tabs.Tab value="text">{t('detail.text')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="html" pt="sm">
          {mail.html ? <MailFrame html={mail.html} subject={mail.subject} /> : <Text size="sm">{t('detail.noHtml')}</Text>}
        </Tabs.Panel>
        <Tabs.Panel value="text" pt="sm">
          <Code block style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', maxHeight: '60vh', overflow: 'auto' }}>
            {mail.text}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/** One archived mail in a dialog (full screen on a phone): its state, its data and both bodies. */
export function EmailDetailModal({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useTranslation('archive');
  const phone = useMediaQuery('(max-width: 36em)');
  const query = useArchivedEmail(id);
  const mail = query.data;
  let body: ReactNode;
  if (query.isError) {
    body = (
      <Alert color="red" role="alert" title={t('detail.loadError')}>
        <Button mt="sm" variant="default" onClick={() => void query.refetch()} loading={query.isFetching}>
          {t('detail.retry')}
        </Button>
      </Alert>
    );
  } else if (!mail) {
    body = (
      <Group justify="center" p="lg">
        <Loader size="sm" aria-label={t('detail.loading')} />
      </Group>
    );
  } else {
    body = <Detail mail={mail} />;
  }
  return (
    <Modal opened={id !== null} onClose={onClose} title={mail?.subject ?? t('detail.title')} size="xl" fullScreen={phone}>
      {body}
    </Modal>
  );
}
