import type { Permission } from '@bookla/shared/permissions';
import { Alert } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useMatches } from 'react-router';
import type backendEn from '../../locales/en/backend.json';
import { PageFrame, RequirePermission } from './page-frame';

export type PlannedPageKey = Exclude<keyof (typeof backendEn)['pages'], 'comingSoon'>;

export interface PlannedPageHandle {
  page: PlannedPageKey;
  permission?: Permission;
}

function isPlannedHandle(handle: unknown): handle is PlannedPageHandle {
  return typeof handle === 'object' && handle !== null && typeof (handle as { page?: unknown }).page === 'string';
}

/**
 * A sidebar screen whose tools come with a later issue: its frame, title and what it is for,
 * and nothing made up. The route's `handle` names the page (and its permission).
 */
export function PlannedPage() {
  const { t } = useTranslation('backend');
  const handle = useMatches()
    .map((m) => m.handle)
    .filter(isPlannedHandle)
    .at(-1);
  if (!handle) return null;
  return (
    <RequirePermission name={handle.permission}>
      <PageFrame title={t(`pages.${handle.page}.title`)} intro={t(`pages.${handle.page}.text`)}>
        <Alert color="gray" variant="light" role="note">
          {t('pages.comingSoon')}
        </Alert>
      </PageFrame>
    </RequirePermission>
  );
}
