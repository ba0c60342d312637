import { Alert, Badge, Group, List, ScrollArea, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../../lib/api-client';
import { useLang } from '../../../../lib/language';
import { timetableKeys } from '../api/timetable-keys';
import { firstMessage } from '../form-errors';
import {
  sessionGenerateReplySchema,
  type GeneratedOccurrence as GeneratedDate,
  type SessionGenerateInput as GenerateInput,
} from '@bookla/shared/catalogue-timetable';
import { showRange, textOf, useTeamZone } from '../zoned';

/** The dates the generator would create, asked again (debounced) whenever the rule changes. */
export function useGeneratorPreview(activityId: number, input: GenerateInput | null) {
  const [debounced] = useDebouncedValue(input, 400);
  const query = useQuery<GeneratedDate[]>({
    queryKey: [...timetableKeys.generatorPreview(activityId), debounced],
    queryFn: ({ signal }) =>
      api
        .post(
          `/api/courses/${activityId}/sessions/generate`,
          { ...debounced, preview: true },
          { signal, reply: sessionGenerateReplySchema },
        )
        .then((r) => r.data),
    enabled: debounced !== null,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  // The preview answers for the rule as it was 400 ms ago; until it caught up it is not the rule's.
  const current = JSON.stringify(debounced) === JSON.stringify(input) && !query.isFetching && !query.isPlaceholderData;
  return { ...query, current };
}

export type PreviewQuery = ReturnType<typeof useGeneratorPreview>;

/** Preview list: created dates, and skipped ones struck through with their reason. */
export function GeneratorPreview({ preview, complete }: { preview: PreviewQuery; complete: boolean }) {
  const { t } = useTranslation('timetable');
  const lang = useLang();
  const zone = useTeamZone();

  if (!complete)
    return (
      <Text c="dimmed" size="sm">
        {t('generator.previewIncomplete')}
      </Text>
    );
  if (preview.isError)
    return (
      <Alert color="red" role="alert">
        {firstMessage(preview.error) ?? t('generator.previewFailed')}
      </Alert>
    );
  if (!preview.data)
    return (
      <Text c="dimmed" size="sm">
        {t('generator.previewLoading')}
      </Text>
    );

  const dates = preview.data;
  const created = dates.filter((d) => !d.skipped).length;
  return (
    <div aria-live="polite">
      <Text size="sm" fw={500} mb={6}>
        {t('generator.previewSummary', { count: created, skipped: dates.length - created })}
      </Text>
      <ScrollArea.Autosize mah={320}>
        <List size="sm" spacing={4} aria-label={t('generator.preview')}>
          {dates.map((d) => (
            <List.Item key={d.starts_at}>
              <Group gap="xs" wrap="wrap">
                <Text size="sm" td={d.skipped ? 'line-through' : undefined} c={d.skipped ? 'dimmed' : undefined}>
                  {showRange(d.starts_at, d.ends_at, zone, lang)}
                </Text>
                {d.skipped && (
                  <Badge variant="light" color="gray" c="dark.7" size="sm">
                    {d.skipped === 'holiday'
                      ? t('generator.skippedHoliday', { name: textOf(d.holiday_name, lang, t('generator.holiday')) })
                      : d.skipped === 'exists'
                        ? t('generator.skippedExists')
                        : t('generator.skippedException')}
                  </Badge>
                )}
              </Group>
            </List.Item>
          ))}
        </List>
      </ScrollArea.Autosize>
    </div>
  );
}
