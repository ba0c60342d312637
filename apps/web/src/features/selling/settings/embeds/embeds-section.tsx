import type { Language } from '@bookla/shared/i18n';
import { Alert, Anchor, Box, Button, Group, Paper, Select, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppState } from '../../../../lib/app-state';
import { useLang } from '../../../../lib/language';
import { useIntegrationSettings } from '../api/settings-api';
import { CopyButton } from '../components/integration-fields';
import { useEmbedActivities, useEmbedFilters } from './embeds-api';
import { embedPageUrl, embedSnippet, isComplete, shopLinkUrl, type EmbedChoice, type EmbedCheckout, type EmbedView } from './embed-snippet';

const ALL = 'all';
const LANGUAGE_NAMES: Record<Language, string> = { de: 'Deutsch', en: 'English', fr: 'Français' };

/**
 * "Embeddable course lists" (spec §1) on `/backend/config/integration`: choose what an embed
 * shows, see it live, copy the code (or the plain shop link with the same choice).
 */
export function EmbedsSection({ languages }: { languages: readonly Language[] }) {
  const teamId = useAppState().team?.id;
  const settings = useIntegrationSettings();
  if (!teamId || !settings.data) return null;
  return <Embeds teamId={teamId} slug={settings.data.branding.slug} languages={languages} />;
}

function Embeds({ teamId, slug, languages }: { teamId: number; slug: string | null; languages: readonly Language[] }) {
  const { t } = useTranslation('embeds');
  const uiLang = useLang();
  const [choice, setChoice] = useState<EmbedChoice>(() => ({
    teamId,
    slug,
    view: 'list',
    activityId: null,
    typeSetId: null,
    locationId: null,
    lang: languages.includes(uiLang) ? uiLang : (languages[0] ?? uiLang),
    checkout: 'frame',
  }));
  const current = { ...choice, teamId, slug };
  const set = (patch: Partial<EmbedChoice>) => setChoice((c) => ({ ...c, ...patch }));
  const filters = useEmbedFilters(teamId, current.lang);
  const activities = useEmbedActivities(teamId, current.lang);
  const origin = window.location.origin;
  const complete = isComplete(current);
  const snippet = embedSnippet(origin, current, t('snippet.fallback', { lng: current.lang }));
  const link = shopLinkUrl(origin, current);

  const idOf = (v: string | null) => (v && v !== ALL ? Number(v) : null);
  const all = { value: ALL, label: t('all') };
  const typeSets = [all, ...(filters.data?.type_sets ?? []).map((s) => ({ value: String(s.id), label: s.name }))];
  const locations = [
    all,
    ...(filters.data?.locations ?? []).map((l) => ({
      value: String(l.id),
      label: l.city && l.city !== l.name ? `${l.name}, ${l.city}` : l.name,
    })),
  ];
  const activityOptions = (activities.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));

  return (
    <Paper withBorder p="md" component="section" aria-labelledby="integration-embeds">
      <Title order={2} size="h4" mb="xs" id="integration-embeds">
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {t('intro')}
      </Text>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Select
            label={t('view.label')}
            data={(['list', 'calendar', 'activity'] as const).map((v) => ({ value: v, label: t(`view.${v}`) }))}
            value={current.view}
            onChange={(v) => v && set({ view: v as EmbedView })}
            allowDeselect={false}
          />
          {current.view === 'activity' ? (
            <Select
              label={t('activity.label')}
              placeholder={t('activity.placeholder')}
              data={activityOptions}
              value={current.activityId === null ? null : String(current.activityId)}
              onChange={(v) => set({ activityId: idOf(v) })}
              searchable
              nothingFoundMessage={t('activity.none')}
              error={!complete ? t('activity.required') : undefined}
              required
            />
          ) : (
            <>
              <Select
                label={t('typeSet')}
                data={typeSets}
                value={current.typeSetId === null ? ALL : String(current.typeSetId)}
                onChange={(v) => set({ typeSetId: idOf(v) })}
                allowDeselect={false}
              />
              <Select
                label={t('location')}
                data={locations}
                value={current.locationId === null ? ALL : String(current.locationId)}
                onChange={(v) => set({ locationId: idOf(v) })}
                allowDeselect={false}
              />
            </>
          )}
          <Select
            label={t('language')}
            data={languages.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
            value={current.lang}
            // Names differ per language: the chosen activity and filters start over.
            onChange={(v) => v && v !== current.lang && set({ lang: v as Language, activityId: null, typeSetId: null, locationId: null })}
            allowDeselect={false}
          />
          <Select
            label={t('checkout.label')}
            description={t('checkout.hint')}
            data={(['frame', 'tab'] as const).map((v) => ({ value: v, label: t(`checkout.${v}`) }))}
            value={current.checkout}
            onChange={(v) => v && set({ checkout: v as EmbedCheckout })}
            allowDeselect={false}
          />
        </SimpleGrid>
        {(filters.isError || activities.isError) && (
          <Alert color="orange" variant="light" role="note">
            {t('loadError')}
          </Alert>
        )}

        {complete && (
          <>
            <Stack gap={4}>
              <Textarea
                label={t('snippet.label')}
                description={t('snippet.hint')}
                value={snippet}
                readOnly
                autosize
                minRows={4}
                spellCheck={false}
                styles={{ input: { fontFamily: 'monospace', fontSize: 13 } }}
                onFocus={(e) => e.currentTarget.select()}
              />
              <Group gap="xs">
                <CopyButton value={snippet} label={`${t('copy')}: ${t('snippet.label')}`} />
              </Group>
            </Stack>
            <Alert color="blue" variant="light" title={t('wordpress.title')} role="note">
              {t('wordpress.text')}
            </Alert>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="embed-link-label">
                {t('link.label')}
              </Text>
              <Text size="xs" c="dimmed">
                {t('link.hint')}
              </Text>
              <Anchor href={link} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }} aria-describedby="embed-link-label">
                {link}
              </Anchor>
              <Group gap="xs">
                <CopyButton value={link} label={`${t('copy')}: ${t('link.label')}`} />
                <Button component="a" href={link} target="_blank" rel="noopener" variant="default" size="sm">
                  {t('link.open')}
                </Button>
              </Group>
            </Stack>
            <Preview src={embedPageUrl(origin, current, origin)} />
          </>
        )}
      </Stack>
    </Paper>
  );
}

/**
 * The embed page itself, sized by its height messages as embed.js sizes it on a provider's page.
 * Shown on request: it is a whole shop page, not worth loading on every visit of the settings.
 */
function Preview({ src }: { src: string }) {
  const { t } = useTranslation('embeds');
  const [shown, setShown] = useState(false);
  return (
    <Stack gap={4} align="flex-start">
      <Button variant="default" size="sm" onClick={() => setShown((v) => !v)} aria-expanded={shown} aria-controls="embed-preview">
        {shown ? t('preview.hide') : t('preview.show')}
      </Button>
      <Box id="embed-preview" w="100%" hidden={!shown}>
        {shown && <PreviewFrame src={src} />}
      </Box>
    </Stack>
  );
}

function PreviewFrame({ src }: { src: string }) {
  const { t } = useTranslation('embeds');
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(400);
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || !frame.current || e.source !== frame.current.contentWindow) return;
      const data = e.data as { type?: unknown; height?: unknown } | null;
      if (data?.type !== 'bookla:height' || typeof data.height !== 'number' || !(data.height >= 0 && data.height <= 100000)) return;
      setHeight(Math.ceil(data.height));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('preview.title')}
      </Text>
      <Text size="xs" c="dimmed">
        {t('preview.live')}
      </Text>
      <Box
        tabIndex={0}
        role="region"
        aria-label={t('preview.title')}
        style={{ maxHeight: '70vh', overflow: 'auto', border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
      >
        <iframe
          ref={frame}
          src={src}
          title={t('preview.frame')}
          style={{ display: 'block', width: '100%', border: 0, height: Math.max(height, 300) }}
        />
      </Box>
    </Stack>
  );
}
