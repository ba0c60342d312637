import type { Permission } from '@bookla/shared/permissions';
import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../lib/app-state';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BackendNotFoundPage } from './backend-not-found-page';
import classes from './page-frame.module.css';

/** Every back-office screen: `<h1>`, an optional intro, and the document title "Page | Bookla". */
export function PageFrame({
  title,
  documentTitle,
  intro,
  children,
}: {
  title: string;
  /** When the tab's name belongs in the window title too. */
  documentTitle?: string;
  intro?: ReactNode;
  children?: ReactNode;
}) {
  useDocumentTitle(documentTitle ?? title);
  return (
    <Stack gap="lg" maw={1100}>
      <Stack gap={4}>
        <Title order={1} className={classes.title}>
          {title}
        </Title>
        {intro && <Text c="dimmed">{intro}</Text>}
      </Stack>
      {children}
    </Stack>
  );
}

/** A screen of a role that lacks it (typed address, old bookmark): say so instead of failing. */
export function NoAccess() {
  const { t } = useTranslation('backend');
  return (
    <PageFrame title={t('noAccess.title')}>
      <Text>{t('noAccess.text')}</Text>
    </PageFrame>
  );
}

/**
 * Screens of the provider's own staff (spec §2: bexio "only for the internal provider staff
 * permission") do not exist for anyone else: no role can hold the permission, so a role message
 * would only advertise the screen.
 */
const NOT_FOUND_WITHOUT: readonly Permission[] = ['internal.staff'];

/** Renders the screen only for users whose app state holds the permission. */
export function RequirePermission({ name, children }: { name: Permission | undefined; children: ReactNode }) {
  const { permissions } = useAppState();
  if (name && !permissions?.includes(name)) return NOT_FOUND_WITHOUT.includes(name) ? <BackendNotFoundPage /> : <NoAccess />;
  return <>{children}</>;
}
