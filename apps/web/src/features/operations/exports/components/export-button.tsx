import type { ExportFormat, ExportJob, ExportType } from '@bookla/shared/exports';
import { Alert, Button, CloseButton, Group, Menu, Paper, Progress, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { saveFile, startExport, useExportJob } from '../api/exports-api';

export interface ExportButtonProps {
  /** What to export: `orders` and `additional_sales` (nav.orders), `participants` (nav.customers.participant). */
  type: ExportType;
  /**
   * The list's current `columnFilters`, exactly as its list call sends them, so the file holds
   * the rows the screen shows (all pages).
   */
  columnFilters?: Record<string, string>;
  /** Orders only: exactly these orders (the list's selection); the filters still apply. */
  ids?: number[];
  /** The button's text; default "Export". */
  label?: string;
  disabled?: boolean;
}

/**
 * An export menu (CSV or Excel) for a list screen. A small export downloads at once; a large one
 * (more than 2,000 rows) runs on the server: a panel below the button shows its progress (rows
 * done of total, asked every second) and offers the file when it is ready (kept 24 hours).
 *
 * ```tsx
 * <ExportButton type="orders" columnFilters={columnFiltersOf(list.params)} ids={selected} />
 * ```
 */
export function ExportButton({ type, columnFilters, ids, label, disabled }: ExportButtonProps) {
  const { t } = useTranslation('exports');
  const lang = useLang();
  const [starting, setStarting] = useState<ExportFormat | null>(null);
  const [started, setStarted] = useState<ExportJob | null>(null);
  const polled = useExportJob(started);
  const job = started && (polled.data ?? started);

  const run = async (format: ExportFormat) => {
    setStarting(format);
    try {
      const result = await startExport({ type, format, columnFilters, ...(ids ? { ids } : {}) }, lang);
      if (result.kind === 'file') {
        saveFile(result.blob, result.fileName);
        notifySuccess(t('saved', { file: result.fileName }));
      } else setStarted(result.job);
    } catch (error) {
      notifyError(error);
    } finally {
      setStarting(null);
    }
  };

  return (
    <Stack gap="xs" align="flex-end">
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button variant="default" loading={starting !== null} disabled={disabled || (job !== null && isRunning(job))}>
            {label ?? t('button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('menuLabel')}</Menu.Label>
          <Menu.Item onClick={() => void run('csv')}>{t('csv')}</Menu.Item>
          <Menu.Item onClick={() => void run('xlsx')}>{t('xlsx')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {job && <ExportProgress job={job} pollFailed={polled.isError} onClose={() => setStarted(null)} />}
    </Stack>
  );
}

const isRunning = (job: ExportJob) => job.status === 'queued' || job.status === 'running';

/** A job export (as last polled): progress while it runs, then the download (or why there is none). */
export function ExportProgress({ job, pollFailed = false, onClose }: { job: ExportJob; pollFailed?: boolean; onClose: () => void }) {
  const { t } = useTranslation('exports');
  const percent = job.rows_total > 0 ? Math.min(100, Math.round((job.rows_done / job.rows_total) * 100)) : 0;
  const running = isRunning(job);

  return (
    <Paper withBorder p="sm" radius="md" w={{ base: '100%', xs: 360 }} aria-label={t('panelLabel')} role="region">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={500} size="sm">
            {job.file_name}
          </Text>
          {!running && <CloseButton size="sm" aria-label={t('dismiss')} onClick={onClose} />}
        </Group>
        {running && (
          <>
            <Progress value={percent} animated aria-label={t('progressLabel')} />
            <Text size="sm" c="dimmed" aria-live="polite">
              {job.status === 'queued' ? t('queued') : t('progress', { done: job.rows_done, total: job.rows_total })}
            </Text>
          </>
        )}
        {job.status === 'done' && job.download_url && (
          <Group justify="space-between" gap="xs">
            <Text size="sm" aria-live="polite">
              {t('ready', { total: job.rows_total })}
            </Text>
            <Button component="a" href={job.download_url} download={job.file_name} size="xs">
              {t('download')}
            </Button>
          </Group>
        )}
        {job.status === 'failed' && (
          <Alert color="red" variant="light" role="alert">
            {t('failed')}
          </Alert>
        )}
        {job.status === 'expired' && (
          <Alert color="gray" variant="light">
            {t('expired')}
          </Alert>
        )}
        {pollFailed && running && (
          <Text size="sm" c="red.9" role="alert">
            {t('pollFailed')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
