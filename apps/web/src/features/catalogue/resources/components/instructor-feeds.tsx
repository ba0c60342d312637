import type { InstructorFeed, InstructorFeedCreated } from '@bookla/shared/calendar';
import { Alert, Anchor, Button, CopyButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PanelSection } from '../../../../components/panel-section';
import { confirm } from '../../../../lib/confirm';
import { formatDateTime } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useCreateInstructorFeed, useInstructorFeeds, useRevokeInstructorFeed } from '../api/calendar-feeds-api';

/**
 * The private calendar feeds of a group's instructors (CONTRACT §8): each instructor's dates with
 * location and booked participants, for their phone's calendar. Only a hash of an address is
 * stored, so an address is shown once, when made; making a new one or revoking it stops the old
 * one at once. Shown for groups of instructors only.
 */
export function InstructorFeeds({ groupId }: { groupId: number }) {
  const { t } = useTranslation('setup');
  const feeds = useInstructorFeeds(groupId);
  const [shown, setShown] = useState<InstructorFeedCreated | null>(null);
  if (!feeds.data?.length) return null;
  return (
    <PanelSection headingId="instructor-feeds" title={t('calendarFeeds.title')}>
      <Text size="sm" c="dimmed" mb="sm">
        {t('calendarFeeds.intro')}
      </Text>
      <Stack gap="sm">
        {feeds.data.map((feed) => (
          <FeedRow
            key={feed.resource_id}
            groupId={groupId}
            feed={feed}
            shown={shown?.resource_id === feed.resource_id ? shown : null}
            onShow={setShown}
          />
        ))}
      </Stack>
    </PanelSection>
  );
}

function FeedRow({
  groupId,
  feed,
  shown,
  onShow,
}: {
  groupId: number;
  feed: InstructorFeed;
  shown: InstructorFeedCreated | null;
  onShow: (created: InstructorFeedCreated | null) => void;
}) {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const create = useCreateInstructorFeed(groupId);
  const revoke = useRevokeInstructorFeed(groupId);
  const nameId = `instructor-feed-${feed.resource_id}`;
  const name = feed.name_text;

  const make = async () => {
    if (
      feed.active &&
      !(await confirm({ title: t('calendarFeeds.rotateTitle', { name }), message: t('calendarFeeds.rotateText'), danger: true }))
    )
      return;
    try {
      const reply = await create.mutateAsync(feed.resource_id);
      onShow(reply.data);
      notifySuccess(reply.message);
    } catch (error) {
      notifyError(error);
    }
  };
  const stop = async () => {
    if (!(await confirm({ title: t('calendarFeeds.revokeTitle', { name }), message: t('calendarFeeds.revokeText'), danger: true }))) return;
    try {
      const reply = await revoke.mutateAsync(feed.resource_id);
      onShow(null);
      notifySuccess(reply.message);
    } catch (error) {
      notifyError(error);
    }
  };

  const makeLabel = feed.active ? t('calendarFeeds.rotate') : t('calendarFeeds.create');
  const state = feed.active
    ? [
        t('calendarFeeds.activeSince', { date: formatDateTime(feed.created_at!, lang) }),
        feed.last_used_at ? t('calendarFeeds.lastUsed', { date: formatDateTime(feed.last_used_at, lang) }) : t('calendarFeeds.neverUsed'),
      ].join(' · ')
    : t('calendarFeeds.none');

  return (
    <Paper withBorder p="sm" component="article" aria-labelledby={nameId}>
      <Group justify="space-between" align="flex-start" gap="sm">
        <div style={{ minWidth: 0 }}>
          <Text fw={600} id={nameId}>
            {name}
          </Text>
          <Text size="sm" c="dimmed">
            {state}
          </Text>
        </div>
        <Group gap="xs">
          <Button
            size="xs"
            variant={feed.active ? 'default' : 'filled'}
            loading={create.isPending}
            onClick={() => void make()}
            aria-label={`${makeLabel}: ${name}`}
          >
            {makeLabel}
          </Button>
          {feed.active && (
            <Button
              size="xs"
              color="red"
              variant="light"
              loading={revoke.isPending}
              onClick={() => void stop()}
              aria-label={`${t('calendarFeeds.revoke')}: ${name}`}
            >
              {t('calendarFeeds.revoke')}
            </Button>
          )}
        </Group>
      </Group>
      {shown && (
        <Stack gap="xs" mt="sm">
          <Alert color="blue" variant="light">
            {t('calendarFeeds.shownOnce')}
          </Alert>
          <Group gap="xs" align="flex-end" wrap="nowrap">
            <TextInput
              label={t('calendarFeeds.url', { name })}
              value={shown.url}
              readOnly
              style={{ flex: 1, minWidth: 0 }}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton value={shown.url}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy} aria-label={t('calendarFeeds.copyLabel', { name })}>
                  {copied ? t('calendarFeeds.copied') : t('calendarFeeds.copy')}
                </Button>
              )}
            </CopyButton>
          </Group>
          <Text size="sm">
            <Anchor href={shown.webcal_url}>{t('calendarFeeds.open')}</Anchor> {t('calendarFeeds.howTo')}
          </Text>
        </Stack>
      )}
    </Paper>
  );
}
