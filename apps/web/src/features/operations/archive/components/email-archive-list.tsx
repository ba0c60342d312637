import { EMAIL_ARCHIVE_STATUSES, TEAM_MAIL_KINDS, type EmailArchiveItem } from '@bookla/shared/email-archive';
import { Anchor, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable, type DataColumn, type RowAction } from '../../../../components/data-table/data-table';
import { DateField } from '../../../../components/form/date-fields';
import { useLang } from '../../../../lib/language';
import { useListParams } from '../../../../lib/list/use-list-params';
import { showDateTime, useTeamZone } from '../../../catalogue/timetable';
import { emailArchiveListConfig, useEmailArchiveList } from '../api/email-archive-api';
import { EmailDetailModal } from './email-detail-modal';
import { EmailStatus, useKindLabel } from './email-status';
import { useResendWithConfirm } from './use-resend';

/** The open mail lives in the address (`?mail=12`), so a reload or a shared link shows it again. */
function useOpenMail(): [number | null, (id: number | null) => void] {
  const [search, setSearch] = useSearchParams();
  const raw = search.get('mail');
  const id = raw && /^\d{1,15}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const set = (next: number | null) =>
    setSearch((prev) => {
      const params = new URLSearchParams(prev);
      if (next === null) params.delete('mail');
      else params.set('mail', String(next));
      return params;
    });
  return [id, set];
}

/**
 * `/backend/archive/team`: the company's mails, paged, sorted and filtered on the server (page,
 * sort and filters in the address); each opens in a dialog with both bodies shown safely, and
 * can be sent again after a confirmation (a new copy; the original stays).
 */
export function EmailArchiveList() {
  const { t } = useTranslation('archive');
  const lang = useLang();
  const zone = useTeamZone();
  const kindLabel = useKindLabel();
  const list = useListParams(emailArchiveListConfig);
  const query = useEmailArchiveList(list.params);
  const resend = useResendWithConfirm();
  const [openId, setOpenId] = useOpenMail();

  const columns: DataColumn<EmailArchiveItem>[] = [
    {
      key: 'subject',
      header: t('list.subject'),
      sortField: 'subject',
      narrow: 'title',
      cell: (m) => (
        <Anchor component="button" type="button" fw={500} ta="left" onClick={() => setOpenId(m.id)} style={{ overflowWrap: 'anywhere' }}>
          {m.subject}
        </Anchor>
      ),
    },
    {
      key: 'recipient',
      header: t('list.recipient'),
      sortField: 'recipient',
      cell: (m) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {m.recipient}
        </Text>
      ),
    },
    { key: 'kind', header: t('list.kind'), sortField: 'kind', cell: (m) => kindLabel(m.kind) },
    { key: 'status', header: t('list.status'), sortField: 'status', cell: (m) => <EmailStatus mail={m} /> },
    { key: 'time', header: t('list.time'), sortField: 'created_at', cell: (m) => showDateTime(m.created_at, zone, lang) },
  ];

  const rowActions = (m: EmailArchiveItem): RowAction[] => [
    {
      label: t('list.view'),
      ariaLabel: t('list.viewLabel', { recipient: m.recipient, subject: m.subject }),
      onClick: () => setOpenId(m.id),
    },
    {
      label: t('list.resend'),
      ariaLabel: t('list.resendLabel', { recipient: m.recipient, subject: m.subject }),
      disabled: !m.resendable || resend.pending,
      onClick: () => void resend.run(m),
    },
  ];

  const kinds = TEAM_MAIL_KINDS.map((k) => ({ value: k, label: kindLabel(k) }));
  const statuses = EMAIL_ARCHIVE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) }));

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
        <TextInput
          type="search"
          label={t('list.searchRecipient')}
          value={list.inputs.recipient}
          onChange={(e) => list.setFilter('recipient', e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') list.flushFilter('recipient');
          }}
        />
        <TextInput
          type="search"
          label={t('list.searchSubject')}
          value={list.inputs.subject}
          onChange={(e) => list.setFilter('subject', e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') list.flushFilter('subject');
          }}
        />
        <Select
          label={t('list.filterStatus')}
          placeholder={t('list.all')}
          clearable
          data={statuses}
          value={list.inputs.status || null}
          onChange={(value) => list.setFilter('status', value ?? '')}
        />
        <Select
          label={t('list.filterKind')}
          placeholder={t('list.all')}
          clearable
          data={kinds}
          value={list.inputs.kind || null}
          onChange={(value) => list.setFilter('kind', value ?? '')}
        />
        <DateField label={t('list.from')} value={list.inputs.from} onChange={(value) => list.setFilter('from', value)} />
        <DateField
          label={t('list.to')}
          value={list.inputs.to}
          minDate={list.inputs.from || undefined}
          onChange={(value) => list.setFilter('to', value)}
        />
      </SimpleGrid>
      <DataTable<EmailArchiveItem>
        label={t('title')}
        columns={columns}
        query={query}
        sort={list.params.sort}
        onSort={(field) => list.toggleSort(field as (typeof emailArchiveListConfig.sortFields)[number])}
        page={list.params.page}
        onPage={list.setPage}
        rowActions={rowActions}
        filtered={list.filtered}
        onResetFilters={list.resetFilters}
        empty={{ title: t('list.empty'), text: t('list.emptyText') }}
        minWidth={900}
      />
      <EmailDetailModal id={openId} onClose={() => setOpenId(null)} />
    </Stack>
  );
}
