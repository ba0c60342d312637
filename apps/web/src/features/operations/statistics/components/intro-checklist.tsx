import type { ChecklistStep } from '@bookla/shared/statistics';
import { Anchor, Button, CopyButton, Group, List, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useChecklist, useSetChecklistCompleted } from '../api/statistics-api';

/** Where each step is done (the share step copies the shop link instead). */
const STEP_LINKS: Record<Exclude<ChecklistStep, 'share'>, string> = {
  company: 'config/team/general',
  activity: 'courses',
  tickets: 'courses',
  payment: 'config/integration',
  publish: 'courses',
};

function Check({ done }: { done: boolean }) {
  return (
    <ThemeIcon size={22} radius="xl" color={done ? 'teal.7' : 'gray.3'} c={done ? 'white' : 'gray.7'} aria-hidden="true">
      <span style={{ fontSize: 13, lineHeight: 1 }}>{done ? '✓' : '·'}</span>
    </ThemeIcon>
  );
}

/**
 * The dashboard's introduction checklist (spec §2): six steps that tick themselves from the
 * company's data (the server decides, `GET /api/dashboard/checklist`), each with where to do it.
 * "Hide" stores the company's `checklist_completed`; a hidden checklist stays hidden for everyone.
 */
export function IntroChecklist() {
  const { t } = useTranslation('statistics');
  const lang = useLang();
  const id = useId();
  const { data } = useChecklist();
  const save = useSetChecklistCompleted();
  if (!data || data.completed) return null;
  const done = data.steps.filter((s) => s.done).length;
  const all = done === data.steps.length;
  const hide = () =>
    save.mutate(true, {
      onSuccess: (reply) => notifySuccess(reply.message),
      onError: notifyError,
    });
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`}>
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Title order={2} size="h4" id={`${id}-title`}>
            {all ? t('checklist.allDone') : t('checklist.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {all ? t('checklist.allDoneText') : t('checklist.intro')}
          </Text>
        </Stack>
        <Button variant={all ? 'filled' : 'subtle'} size="compact-sm" loading={save.isPending} onClick={hide}>
          {t('checklist.dismiss')}
        </Button>
      </Group>
      <Progress
        value={(done / data.steps.length) * 100}
        mt="sm"
        size="sm"
        color="teal.7"
        aria-label={t('checklist.progress', { done, total: data.steps.length })}
      />
      <Text size="xs" c="dimmed" mt={4}>
        {t('checklist.progress', { done, total: data.steps.length })}
      </Text>
      <List spacing="sm" mt="sm" listStyleType="none" styles={{ itemWrapper: { width: '100%' }, itemLabel: { width: '100%' } }}>
        {data.steps.map((step) => (
          <List.Item key={step.key} icon={<Check done={step.done} />}>
            <Group justify="space-between" wrap="wrap" gap="xs">
              <Stack gap={0} style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Text fw={500} size="sm" td={step.done ? 'line-through' : undefined}>
                  {t(`checklist.steps.${step.key}.title`)}
                  <Text span size="xs" c={step.done ? 'teal.9' : 'dimmed'} ml={6}>
                    ({step.done ? t('checklist.done') : t('checklist.open')})
                  </Text>
                </Text>
                <Text size="xs" c="dimmed">
                  {t(`checklist.steps.${step.key}.text`)}
                </Text>
              </Stack>
              {step.key === 'share' ? (
                <Group gap="xs">
                  <CopyButton value={data.shop_url}>
                    {({ copied, copy }) => (
                      <Button size="compact-sm" variant="default" onClick={copy}>
                        {copied ? t('checklist.copied') : t('checklist.copy')}
                      </Button>
                    )}
                  </CopyButton>
                  <Anchor href={data.shop_url} target="_blank" rel="noopener" size="sm">
                    {t('checklist.openShop')}
                  </Anchor>
                </Group>
              ) : (
                !step.done && (
                  <Anchor component={Link} to={`/${lang}/backend/${STEP_LINKS[step.key]}`} size="sm">
                    {t(`checklist.steps.${step.key}.action`)}
                  </Anchor>
                )
              )}
            </Group>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}
