import type { contentPageReplySchema } from '@bookla/shared/reference';
import { Alert, Button, Stack, Title, Typography } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useMatches } from 'react-router';
import { PageLoader } from '../../components/page-loader';
import { api, isApiError } from '../../lib/api-client';
import { useLang } from '../../lib/language';
import { useDocumentTitle, useMetaDescription } from '../../lib/use-document-title';

/** The route table names the type in `handle`, so one component serves all content paths. */
function useContentType(): string {
  const matches = useMatches();
  const handle = matches.at(-1)?.handle as { contentType?: string } | undefined;
  return handle?.contentType ?? '';
}

/** `/{lang}/imprint`, `/{lang}/agb`, …: text kept by the operator, per language. */
export function ContentPage() {
  const { t } = useTranslation('public');
  const lang = useLang();
  const type = useContentType();
  const page = useQuery({
    queryKey: ['content', type, lang],
    queryFn: ({ signal }) => api.get<typeof contentPageReplySchema>(`/api/content/${encodeURIComponent(type)}/frontend`, { signal }),
  });
  useDocumentTitle(page.data?.title);
  useMetaDescription(page.data?.seo_desc);

  if (isApiError(page.error, 404)) return <Navigate to={`/${lang}/error/404`} replace />;
  if (page.isPending) return <PageLoader />;
  if (page.isError) {
    return (
      <Alert color="red" title={t('content.loadError')}>
        <Button variant="default" mt="sm" onClick={() => void page.refetch()}>
          {t('content.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <Stack component="article" gap="md" maw={820} aria-labelledby="content-title">
      <Title id="content-title" order={1}>
        {page.data.title}
      </Title>
      {/* The HTML comes from the server's own content pages (operator-maintained), not from users. */}
      <Typography>
        <div dangerouslySetInnerHTML={{ __html: page.data.content }} />
      </Typography>
    </Stack>
  );
}
