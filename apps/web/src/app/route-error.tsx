import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Navigate, useRouteError } from 'react-router';
import { currentLanguage } from '../lib/language';
import { useDocumentTitle } from '../lib/use-document-title';

const RELOAD_KEY = 'bookla:chunk-reload';

/**
 * After a deployment the old hashed chunks are gone and an open tab fails to load a route.
 * Reloading once fetches the new index.html; the timestamp prevents a reload loop.
 */
function reloadForNewVersion(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  if (!/dynamically imported module|Importing a module script failed|error loading dynamically/i.test(message)) {
    return false;
  }
  const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
  if (Date.now() - last < 10_000) return false;
  sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  window.location.reload();
  return true;
}

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useDocumentTitle(t('error.title'));

  if (isRouteErrorResponse(error) && error.status === 404) {
    return <Navigate to={`/${currentLanguage()}/error/404`} replace />;
  }
  if (reloadForNewVersion(error)) return null;
  console.error(error);
  return (
    <Container size="sm" py="xl" component="main">
      <Stack gap="md">
        <Title order={1}>{t('error.title')}</Title>
        <Text>{t('error.text')}</Text>
        <Button onClick={() => window.location.reload()} w="fit-content">
          {t('error.reload')}
        </Button>
      </Stack>
    </Container>
  );
}
