import type { Language } from '@bookla/shared/i18n';
import type { Plan, TeamPlan } from '@bookla/shared/platform';
import { Alert, Badge, Button, Group, List, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader';
import { PanelSection } from '../../../components/panel-section';
import { confirm } from '../../../lib/confirm';
import { useLang } from '../../../lib/language';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { planFees } from '../../../lib/plan-terms';
import { useHasPermission } from '../../permissions';
import { useChangeTeamPlan, useTeamPlan } from './plan-api';

/** `2026-12-01` → "1 Dec 2026" (en), "1. Dez. 2026" (de), "1 déc. 2026" (fr). */
export function formatPlanDay(day: string, lang: Language): string {
  return new Intl.DateTimeFormat(`${lang}-CH`, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T12:00:00Z`),
  );
}

const other = (plan: Plan): Plan => (plan === 'business' ? 'payg' : 'business');

/**
 * Company settings → plan (CONTRACT §6): the plan in force since when, its fees, a waiting change
 * and what a change does from when. `team.manage` changes or cancels; everybody else reads.
 */
export function PlanTab() {
  const { t } = useTranslation('plan');
  const lang = useLang();
  const plan = useTeamPlan();
  const change = useChangeTeamPlan();
  const canChange = useHasPermission('team.manage');

  if (plan.isPending) return <PageLoader />;
  if (plan.isError) return <Alert color="red">{t('loadFailed')}</Alert>;
  const current = plan.data;
  const name = (p: Plan) => t(`names.${p}`);

  const submit = async (next: Plan, title: string, message: string, confirmLabel: string) => {
    if (!(await confirm({ title, message, confirmLabel, cancelLabel: t('keep') }))) return;
    try {
      notifySuccess((await change.mutateAsync(next)).message);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="lg">
      <PanelSection headingId="plan-title" title={t('title')} gap="md">
        <Stack gap="sm">
          <Group gap="xs">
            <Text fw={600} size="lg">
              {name(current.plan)}
            </Text>
            <Badge variant="light">{t('current')}</Badge>
          </Group>
          <Text size="sm">{t('since', { date: formatPlanDay(current.since, lang) })}</Text>
          <PlanFees plan={current.plan} lang={lang} />
          {current.scheduled && (
            <Alert
              color="blue"
              role="status"
              title={t('scheduled', { plan: name(current.scheduled.plan), date: formatPlanDay(current.scheduled.from, lang) })}
            >
              {t(current.scheduled.plan === 'business' ? 'scheduledUpgrade' : 'scheduledDowngrade', {
                plan: name(current.plan),
                date: formatPlanDay(current.scheduled.from, lang),
              })}
            </Alert>
          )}
        </Stack>
      </PanelSection>

      <PanelSection headingId="plan-change-title" title={t('changeTitle')} gap="md">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {(['business', 'payg'] as const).map((p) => (
              <div key={p}>
                <Text fw={600}>{name(p)}</Text>
                <PlanFees plan={p} lang={lang} />
              </div>
            ))}
          </SimpleGrid>
          <List size="sm" spacing={4}>
            <List.Item>{t('rules.upgrade')}</List.Item>
            <List.Item>{t('rules.downgrade')}</List.Item>
            <List.Item>{t('rules.fees')}</List.Item>
          </List>
          {canChange ? (
            <ChangeButton
              current={current}
              busy={change.isPending}
              onChange={(next, title, message, label) => void submit(next, title, message, label)}
            />
          ) : (
            <Text size="sm" c="dimmed" role="note">
              {t('readOnly')}
            </Text>
          )}
        </Stack>
      </PanelSection>
    </Stack>
  );
}

function PlanFees({ plan, lang }: { plan: Plan; lang: Language }) {
  const { t } = useTranslation('plan');
  const fees = planFees(plan, lang);
  return (
    <Text size="sm" c="dimmed">
      {t('fees', { monthly: fees.monthly, percent: fees.percent, fee: fees.fixed })}
    </Text>
  );
}

/** Change to the other plan, or cancel the waiting change (the plan in force chosen again). */
function ChangeButton({
  current,
  busy,
  onChange,
}: {
  current: TeamPlan;
  busy: boolean;
  onChange: (next: Plan, title: string, message: string, confirmLabel: string) => void;
}) {
  const { t } = useTranslation('plan');
  const name = (p: Plan) => t(`names.${p}`);
  if (current.scheduled) {
    const label = t('cancel', { plan: name(current.scheduled.plan) });
    return (
      <Group>
        <Button
          variant="default"
          loading={busy}
          onClick={() => onChange(current.plan, label, t('cancelConfirm', { plan: name(current.plan) }), label)}
        >
          {label}
        </Button>
      </Group>
    );
  }
  const next = other(current.plan);
  const label = t('changeTo', { plan: name(next) });
  const message = t(next === 'business' ? 'upgradeConfirm' : 'downgradeConfirm', { plan: name(next), current: name(current.plan) });
  return (
    <Group>
      <Button loading={busy} onClick={() => onChange(next, label, message, label)}>
        {label}
      </Button>
    </Group>
  );
}
