import { WEBHOOK_EVENT_TYPES, type Webhook, type WebhookDelivery, type WebhookEventType } from '@bookla/shared/webhooks';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Code,
  Group,
  Modal,
  Pagination,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client';
import { confirm } from '../../../../lib/confirm';
import { formatDateTime } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { CopyButton } from '../components/integration-fields';
import { useWebhookActions, useWebhookDeliveries, useWebhooks } from './webhooks-api';

/**
 * "Webhooks" on `/backend/config/integration` (CONTRACT §8; owners and admins): endpoints with
 * their events, the signing secret shown once (on creation and rotation), on/off, a test event,
 * and each endpoint's delivery log with "send again".
 */
export function WebhooksSection() {
  const { t } = useTranslation('sellingSettings');
  const webhooks = useWebhooks();
  const [secret, setSecret] = useState<string | null>(null);
  const [log, setLog] = useState<Webhook | null>(null);
  // The delivery log fills a phone's screen (its table scrolls sideways inside).
  const phone = useMediaQuery('(max-width: 36em)');
  if (webhooks.isError && isApiError(webhooks.error, 403)) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="webhooks-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="webhooks-title">
            {t('webhooks.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('webhooks.intro')}
          </Text>
        </div>
        {secret && (
          <Alert
            color="yellow"
            title={t('webhooks.secret_title')}
            withCloseButton
            onClose={() => setSecret(null)}
            closeButtonLabel={t('webhooks.secret_done')}
          >
            <Stack gap="xs">
              <Text size="sm">{t('webhooks.secret_once')}</Text>
              <Group gap="xs" wrap="nowrap">
                <Code style={{ wordBreak: 'break-all' }} data-testid="webhook-secret">
                  {secret}
                </Code>
                <CopyButton value={secret} label={t('webhooks.secret_copy')} />
              </Group>
            </Stack>
          </Alert>
        )}
        {(webhooks.data ?? []).map((w) => (
          <EndpointCard key={w.id} webhook={w} onSecret={setSecret} onLog={() => setLog(w)} />
        ))}
        {webhooks.data && !webhooks.data.length && <Text size="sm">{t('webhooks.none')}</Text>}
        <NewEndpoint onSecret={setSecret} />
      </Stack>
      <Modal
        opened={!!log}
        onClose={() => setLog(null)}
        title={t('webhooks.log_title', { url: log?.url ?? '' })}
        size="xl"
        fullScreen={phone}
      >
        {log && <DeliveryLog webhook={log} />}
      </Modal>
    </Paper>
  );
}

function EventChoice({ value, onChange }: { value: WebhookEventType[]; onChange: (v: WebhookEventType[]) => void }) {
  const { t } = useTranslation('sellingSettings');
  return (
    <Checkbox.Group label={t('webhooks.events')} value={value} onChange={(v) => onChange(v as WebhookEventType[])}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <Checkbox key={type} value={type} label={`${t(`webhooks.event.${type}`)} (${type})`} />
        ))}
      </SimpleGrid>
    </Checkbox.Group>
  );
}

function NewEndpoint({ onSecret }: { onSecret: (secret: string) => void }) {
  const { t } = useTranslation('sellingSettings');
  const { create } = useWebhookActions();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['order.created', 'order.paid']);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = async () => {
    setErrors({});
    try {
      const created = await create.mutateAsync({ url, events });
      onSecret(created.secret);
      setUrl('');
      notifySuccess(t('webhooks.created'));
    } catch (error) {
      if (isApiError(error, 422)) setErrors(error.errors ?? {});
      else notifyError(error);
    }
  };
  return (
    <Stack gap="sm" component="form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Title order={3} size="h5">
        {t('webhooks.add')}
      </Title>
      <TextInput
        label={t('webhooks.url')}
        description={t('webhooks.url_help')}
        placeholder="https://example.com/bookla"
        value={url}
        onChange={(e) => setUrl(e.currentTarget.value)}
        error={errors.url?.[0]}
        required
        type="url"
        inputMode="url"
      />
      <EventChoice value={events} onChange={setEvents} />
      {errors.events?.[0] && (
        <Text size="sm" c="red">
          {errors.events[0]}
        </Text>
      )}
      <Group>
        <Button type="submit" loading={create.isPending} disabled={!url || !events.length}>
          {t('webhooks.add_submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function EndpointCard({ webhook: w, onSecret, onLog }: { webhook: Webhook; onSecret: (s: string) => void; onLog: () => void }) {
  const { t } = useTranslation('sellingSettings');
  const lang = useLang();
  const { update, remove, test } = useWebhookActions();
  const [events, setEvents] = useState<WebhookEventType[]>(w.events);
  const changed = events.length > 0 && [...events].sort().join() !== [...w.events].sort().join();
  const run = async (action: () => Promise<{ message?: string } | unknown>, done?: string) => {
    try {
      const reply = (await action()) as { message?: string } | undefined;
      notifySuccess(done ?? reply?.message ?? t('webhooks.saved'));
    } catch (error) {
      notifyError(error);
    }
  };
  const status = w.enabled ? (w.failing_since ? 'failing' : 'on') : w.disabled_reason === 'failing' ? 'failed_off' : 'off';
  const color = { on: 'green', failing: 'orange', failed_off: 'red', off: 'gray' }[status];
  return (
    <Paper withBorder p="sm" radius="sm">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} style={{ wordBreak: 'break-all' }}>
            {w.url}
          </Text>
          <Badge color={color} variant="light">
            {t(`webhooks.status.${status}`)}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {t('webhooks.facts', { hint: w.secret_hint, pending: w.pending })}
          {w.last_delivery_at ? ` · ${t('webhooks.last_delivery', { at: formatDateTime(w.last_delivery_at, lang) })}` : ''}
          {w.failing_since ? ` · ${t('webhooks.failing_since', { at: formatDateTime(w.failing_since, lang) })}` : ''}
        </Text>
        <EventChoice value={events} onChange={setEvents} />
        <Group gap="xs" wrap="wrap">
          {changed && (
            <Button size="xs" onClick={() => void run(() => update.mutateAsync({ id: w.id, body: { events } }))}>
              {t('webhooks.save_events')}
            </Button>
          )}
          <Button size="xs" variant="default" onClick={onLog}>
            {t('webhooks.log')}
          </Button>
          <Button size="xs" variant="default" onClick={() => void run(() => test.mutateAsync(w.id))}>
            {t('webhooks.test')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={() => void run(() => update.mutateAsync({ id: w.id, body: { enabled: !w.enabled } }))}
          >
            {w.enabled ? t('webhooks.switch_off') : t('webhooks.switch_on')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={async () => {
              if (
                !(await confirm({ title: t('webhooks.rotate'), message: t('webhooks.rotate_confirm'), confirmLabel: t('webhooks.rotate') }))
              )
                return;
              try {
                const reply = await update.mutateAsync({ id: w.id, body: { rotate_secret: true } });
                if (reply.data.secret) onSecret(reply.data.secret);
                notifySuccess(reply.message);
              } catch (error) {
                notifyError(error);
              }
            }}
          >
            {t('webhooks.rotate')}
          </Button>
          <Button
            size="xs"
            color="red"
            variant="light"
            onClick={async () => {
              if (
                !(await confirm({
                  title: t('webhooks.delete'),
                  message: t('webhooks.delete_confirm', { url: w.url }),
                  confirmLabel: t('webhooks.delete'),
                  danger: true,
                }))
              )
                return;
              await run(() => remove.mutateAsync(w.id));
            }}
          >
            {t('webhooks.delete')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function DeliveryLog({ webhook }: { webhook: Webhook }) {
  const { t } = useTranslation('sellingSettings');
  const lang = useLang();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<number | null>(null);
  const deliveries = useWebhookDeliveries(webhook.id, page);
  const { resend } = useWebhookActions();
  const rows = deliveries.data?.data ?? [];
  const result = (d: WebhookDelivery) =>
    d.last_status !== null
      ? `${d.last_status} · ${d.last_duration_ms ?? 0} ms`
      : (d.last_error ?? (d.attempts ? '—' : t('webhooks.waiting')));
  return (
    <Stack gap="sm">
      {!rows.length && !deliveries.isLoading && <Text size="sm">{t('webhooks.log_empty')}</Text>}
      {rows.length > 0 && (
        <Table.ScrollContainer minWidth={560}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('webhooks.col.time')}</Table.Th>
                <Table.Th>{t('webhooks.col.event')}</Table.Th>
                <Table.Th>{t('webhooks.col.status')}</Table.Th>
                <Table.Th>{t('webhooks.col.result')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('webhooks.col.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((d) => (
                <DeliveryRow
                  key={d.id}
                  delivery={d}
                  open={open === d.id}
                  onToggle={() => setOpen(open === d.id ? null : d.id)}
                  time={formatDateTime(d.created_at, lang)}
                  result={result(d)}
                  onResend={async () => {
                    try {
                      notifySuccess((await resend.mutateAsync({ id: webhook.id, deliveryId: d.id })).message);
                    } catch (error) {
                      notifyError(error);
                    }
                  }}
                />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {(deliveries.data?.meta.last_page ?? 1) > 1 && (
        <Pagination total={deliveries.data!.meta.last_page} value={page} onChange={setPage} size="sm" aria-label={t('webhooks.pages')} />
      )}
    </Stack>
  );
}

function DeliveryRow(p: {
  delivery: WebhookDelivery;
  open: boolean;
  onToggle: () => void;
  time: string;
  result: string;
  onResend: () => void;
}) {
  const { t } = useTranslation('sellingSettings');
  const d = p.delivery;
  const color = { delivered: 'green', pending: d.attempts ? 'orange' : 'gray', failed: 'red' }[d.status];
  return (
    <>
      <Table.Tr>
        <Table.Td>{p.time}</Table.Td>
        <Table.Td>
          <Code>{d.type}</Code>
        </Table.Td>
        <Table.Td>
          <Badge color={color} variant="light">
            {t(`webhooks.delivery.${d.status}`)}
          </Badge>{' '}
          <Text span size="xs" c="dimmed">
            {t('webhooks.attempts', { count: d.attempts })}
          </Text>
        </Table.Td>
        <Table.Td>
          <Text size="sm" style={{ wordBreak: 'break-word' }}>
            {p.result}
          </Text>
        </Table.Td>
        <Table.Td>
          <Group gap={4} wrap="nowrap">
            <Button size="compact-xs" variant="subtle" onClick={p.onToggle} aria-expanded={p.open}>
              {p.open ? t('webhooks.hide') : t('webhooks.details')}
            </Button>
            <Button size="compact-xs" variant="default" onClick={p.onResend}>
              {t('webhooks.resend')}
            </Button>
          </Group>
        </Table.Td>
      </Table.Tr>
      {p.open && (
        <Table.Tr>
          <Table.Td colSpan={5}>
            <Stack gap={4}>
              <Text size="xs" fw={600}>
                {t('webhooks.request')}
              </Text>
              <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {d.request_body}
              </Code>
              {d.last_response && (
                <>
                  <Text size="xs" fw={600}>
                    {t('webhooks.response')}
                  </Text>
                  <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                    {d.last_response}
                  </Code>
                </>
              )}
            </Stack>
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}
