import type { ActivityMassAction } from '@bookla/shared/catalogue-activities';
import { Button, Group, List, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../../lib/confirm';
import { useHasPermission } from '../../../permissions';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useMassActivityAction } from '../api/activities-api';

/** Which mass actions the user's role allows (the server checks again). */
export function useAllowedMassActions(): ActivityMassAction[] {
  const edit = useHasPermission('course.edit');
  const create = useHasPermission('course.create');
  const remove = useHasPermission('course.delete');
  const actions: ActivityMassAction[] = [];
  if (edit) actions.push('publish', 'unpublish');
  if (create) actions.push('duplicate');
  if (remove) actions.push('delete');
  return actions;
}

/** The bar above the list while activities are selected: confirm, run, toast the result. */
export function ActivityMassActions({ ids, actions, onDone }: { ids: number[]; actions: ActivityMassAction[]; onDone: () => void }) {
  const { t } = useTranslation('activities');
  const mass = useMassActivityAction();
  if (ids.length === 0 || actions.length === 0) return null;

  const run = async (action: ActivityMassAction) => {
    const count = ids.length;
    const ok = await confirm({
      title: t(`mass.${action}.title`),
      message: t(`mass.${action}.text`, { count }),
      confirmLabel: t(`mass.${action}.confirm`),
      danger: action === 'delete',
    });
    if (!ok) return;
    try {
      const result = await mass.mutateAsync({ action, ids });
      const refused = result.refused ?? [];
      if (refused.length > 0) {
        // Which activities stayed unpublished, and why: one line each.
        notifications.show({
          color: 'orange',
          title: t('mass.refusedTitle', { count: refused.length }),
          message: (
            <List size="sm" spacing={2}>
              {refused.map((r) => (
                <List.Item key={r.id}>{`${r.name}: ${r.reasons.join(' ')}`}</List.Item>
              ))}
            </List>
          ),
          autoClose: false,
        });
      }
      notifySuccess(result.message || t('mass.done', { count: result.affected }));
      onDone();
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Paper withBorder p="xs" role="region" aria-label={t('mass.label')}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={500}>
          {t('mass.selected', { count: ids.length })}
        </Text>
        <Group gap="xs" wrap="wrap">
          {actions.map((action) => (
            <Button
              key={action}
              size="xs"
              variant={action === 'delete' ? 'light' : 'default'}
              color={action === 'delete' ? 'red' : undefined}
              disabled={mass.isPending}
              onClick={() => void run(action)}
            >
              {t(`mass.${action}.button`)}
            </Button>
          ))}
        </Group>
      </Group>
    </Paper>
  );
}
