import { Alert, Button, Group, NumberInput, Radio, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useResourceGroups } from '../api/resources-api';
import { useSaveResourcesForMany, useSaveSessionResources, type ApplyTo, type ResourceItem } from '../api/session-resources-api';
import { ConflictList } from './conflict-list';
import type { Conflict } from '@bookla/shared/catalogue-timetable';
import { textOf, type SessionItem } from '../../timetable';

export interface SessionResourcesFormProps {
  activityId: number;
  session: SessionItem;
  /** Every date of the activity in time order: offers "this and the following" and "all dates". */
  allSessions?: SessionItem[];
  onDone: () => void;
}

/** The dates a choice covers: this one, it and the later ones, or all. */
function targetsOf(applyTo: ApplyTo, session: SessionItem, all: SessionItem[]): SessionItem[] {
  if (applyTo === 'all') return all;
  const from = new Date(session.starts_at).getTime();
  if (applyTo === 'following') return all.filter((s) => new Date(s.starts_at).getTime() >= from || s.id === session.id);
  return [session];
}

/**
 * The resources a date uses, with quantities, for this date or also the following or all dates.
 * Over-booked resources (over all the chosen dates) come back as conflicts without any change;
 * the user may then save anyway (`confirm: true`).
 */
export function SessionResourcesForm({ activityId, session, allSessions = [], onDone }: SessionResourcesFormProps) {
  const { t } = useTranslation('resources');
  const lang = useLang();
  const groups = useResourceGroups();
  const saveOne = useSaveSessionResources(activityId);
  const saveMany = useSaveResourcesForMany(activityId);
  const [items, setItems] = useState<ResourceItem[]>(session.resources.map(({ resource_id, quantity }) => ({ resource_id, quantity })));
  const [conflicts, setConflicts] = useState<Conflict[] | null>(null);
  const [applyTo, setApplyTo] = useState<ApplyTo>('one');
  const all = allSessions.some((s) => s.id === session.id) ? allSessions : [session, ...allSessions];
  const following = targetsOf('following', session, all).length;
  const busy = saveOne.isPending || saveMany.isPending;

  const update = (next: ResourceItem[]) => {
    setItems(next);
    setConflicts(null); // they were found for the previous choice
  };
  const data = (groups.data ?? []).map((group) => ({
    group: group.name_text || textOf(group.name, lang),
    items: group.resources.map((r) => ({
      value: String(r.id),
      label: t('resources.option', { name: r.name_text || textOf(r.name, lang), capacity: r.capacity }),
    })),
  }));
  const used = new Set(items.map((i) => i.resource_id));

  const send = async (confirm: boolean) => {
    try {
      const reply =
        applyTo === 'one'
          ? await saveOne.mutateAsync({ sessionId: session.id, items, confirm })
          : await saveMany.mutateAsync({ sessionIds: targetsOf(applyTo, session, all).map((s) => s.id), items, confirm });
      if (!reply.success) {
        setConflicts(reply.conflicts);
        return;
      }
      notifySuccess(reply.message || t('resources.saved'));
      onDone();
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="sm">
      {items.length === 0 && <Text c="dimmed">{t('resources.none')}</Text>}
      {items.map((item, index) => (
        <Group key={index} align="flex-end" gap="sm" wrap="nowrap">
          <Select
            label={t('resources.resource')}
            data={data.map((g) => ({
              ...g,
              items: g.items.filter((o) => o.value === String(item.resource_id) || !used.has(Number(o.value))),
            }))}
            value={item.resource_id ? String(item.resource_id) : null}
            onChange={(value) => update(items.map((it, i) => (i === index ? { ...it, resource_id: Number(value) } : it)))}
            searchable
            nothingFoundMessage={t('nothingFound')}
            style={{ flex: 1 }}
          />
          <NumberInput
            label={t('resources.quantity')}
            min={1}
            allowDecimal={false}
            value={item.quantity}
            onChange={(value) => update(items.map((it, i) => (i === index ? { ...it, quantity: Number(value) || 1 } : it)))}
            w={110}
          />
          <Button variant="subtle" color="#c92a2a" onClick={() => update(items.filter((_, i) => i !== index))}>
            {t('resources.remove')}
          </Button>
        </Group>
      ))}
      <Group>
        <Button variant="default" onClick={() => update([...items, { resource_id: 0, quantity: 1 }])}>
          {t('resources.add')}
        </Button>
      </Group>
      {all.length > 1 && (
        <Radio.Group
          label={t('resources.applyTo')}
          value={applyTo}
          onChange={(value) => {
            setApplyTo(value as ApplyTo);
            setConflicts(null); // they were found for other dates
          }}
        >
          <Stack gap={6} mt={4}>
            <Radio value="one" label={t('resources.applyOne')} />
            {following > 1 && following < all.length && (
              <Radio value="following" label={t('resources.applyFollowing', { count: following })} />
            )}
            <Radio value="all" label={t('resources.applyAll', { count: all.length })} />
          </Stack>
        </Radio.Group>
      )}
      {conflicts && (
        <Alert color="orange" title={t('conflicts.title')} role="alert">
          <Stack gap="xs">
            <Text size="sm">{t('conflicts.saveQuestion')}</Text>
            <ConflictList conflicts={conflicts} dates={applyTo === 'one' ? undefined : all} />
          </Stack>
        </Alert>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone}>
          {t('cancel')}
        </Button>
        {conflicts ? (
          <Button color="orange" disabled={busy} onClick={() => void send(true)}>
            {t('conflicts.saveAnyway')}
          </Button>
        ) : (
          <Button disabled={busy || items.some((i) => !i.resource_id)} onClick={() => void send(false)}>
            {t('save')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
