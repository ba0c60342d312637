import { CREDITS_GRANT_MAX, memberCreditsBodySchema, type SubscriptionMemberDetail, type TierItem } from '@bookla/shared/subscriptions';
import { Button, Checkbox, Divider, Group, NumberInput, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { confirm } from '../../../lib/confirm';
import { translateValidation } from '../../../lib/forms';
import { useLang } from '../../../lib/language';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { showDate, useTeamZone } from '../../catalogue/timetable';
import { useCancelMember, useGiveCredits } from '../api/members-api';

/**
 * What staff may do with a running membership, each after a confirmation, with the server's
 * message as a toast: stop the renewals (it ends with the period), end it now (optionally
 * refunding the last payment: a refund of its order, credit note and mail as every refund), and
 * give credits back on a tier that counts them.
 */
export function MemberActions({ sid, member, tier }: { sid: number; member: SubscriptionMemberDetail; tier: TierItem | null }) {
  const { t } = useTranslation('subscriptions');
  const lang = useLang();
  const zone = useTeamZone();
  const cancel = useCancelMember(sid);
  const [refund, setRefund] = useState(false);
  const name = `${member.customer.firstname} ${member.customer.lastname}`.trim();
  // A tier that counts credits (the member's row says so too, when the tier is not in the list).
  const counted = tier ? tier.credits !== null : member.credits_left !== null;
  // A one-off pass never renews: there is nothing to stop at the period's end.
  const renews = tier?.interval !== 'once';

  const cancelAtPeriodEnd = async () => {
    const ok = await confirm({
      title: t('actions.periodEndTitle'),
      message: t('actions.periodEndText', { name, date: showDate(member.current_period_end, zone, lang) }),
      confirmLabel: t('actions.periodEnd'),
    });
    if (!ok) return;
    try {
      const reply = await cancel.mutateAsync({ id: member.id, body: { mode: 'period_end' } });
      notifySuccess(reply.message || t('actions.done'));
    } catch (error) {
      notifyError(error);
    }
  };

  const cancelNow = async () => {
    const ok = await confirm({
      title: t('actions.nowTitle'),
      message: refund ? t('actions.nowTextRefund', { name }) : t('actions.nowText', { name }),
      confirmLabel: t('actions.now'),
      danger: true,
    });
    if (!ok) return;
    try {
      const reply = await cancel.mutateAsync({ id: member.id, body: { mode: 'now', refund } });
      notifySuccess(reply.message || t('actions.done'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="sm" component="section" aria-label={t('actions.title')}>
      <Divider />
      <Title order={3} size="h4">
        {t('actions.title')}
      </Title>
      {renews && (
        <Group gap="sm" wrap="wrap" align="flex-start">
          <Button variant="default" onClick={() => void cancelAtPeriodEnd()} disabled={member.cancel_at_period_end || cancel.isPending}>
            {t('actions.periodEnd')}
          </Button>
        </Group>
      )}
      {renews && member.cancel_at_period_end && (
        <Text size="sm" c="dimmed">
          {t('actions.periodEndAlready', { date: showDate(member.current_period_end, zone, lang) })}
        </Text>
      )}
      <Stack gap="xs">
        <Checkbox label={t('actions.refund')} checked={refund} onChange={(e) => setRefund(e.currentTarget.checked)} />
        <Group>
          <Button color="red" variant="light" onClick={() => void cancelNow()} disabled={cancel.isPending}>
            {t('actions.now')}
          </Button>
        </Group>
      </Stack>
      {counted && <GiveCredits sid={sid} member={member} name={name} />}
    </Stack>
  );
}

/** Credits back (1 to 1000) with an optional note, e.g. for a class the studio cancelled. */
function GiveCredits({ sid, member, name }: { sid: number; member: SubscriptionMemberDetail; name: string }) {
  const { t } = useTranslation('subscriptions');
  const give = useGiveCredits(sid);
  const [credits, setCredits] = useState<number | string>(1);
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<{ credits?: string; note?: string }>({});

  const submit = async () => {
    const body = { credits: typeof credits === 'number' ? credits : Number.NaN, note: note.trim() || null };
    const checked = memberCreditsBodySchema.safeParse(
      typeof credits === 'string' && credits.trim() === '' ? { ...body, credits: undefined } : body,
    );
    if (!checked.success) {
      const found: { credits?: string; note?: string } = {};
      for (const issue of checked.error.issues) {
        const key = issue.path[0] === 'note' ? 'note' : 'credits';
        found[key] ??= translateValidation(issue.message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    const ok = await confirm({
      title: t('actions.creditsTitle'),
      message: t('actions.creditsText', { count: checked.data.credits, name }),
      confirmLabel: t('actions.credits'),
    });
    if (!ok) return;
    try {
      const reply = await give.mutateAsync({ id: member.id, body: checked.data });
      notifySuccess(reply.message || t('actions.done'));
      setCredits(1);
      setNote('');
    } catch (error) {
      if (isApiError(error, 422) && error.errors && (error.errors.credits || error.errors.note)) {
        setErrors({ credits: error.errors.credits?.[0], note: error.errors.note?.[0] });
      } else notifyError(error);
    }
  };

  return (
    <Stack gap="xs" component="fieldset" m={0} p={0} style={{ border: 0 }}>
      <Text component="legend" fw={500} size="sm" p={0}>
        {t('actions.creditsLegend')}
      </Text>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <NumberInput
          label={t('actions.creditsCount')}
          value={credits}
          onChange={setCredits}
          min={1}
          max={CREDITS_GRANT_MAX}
          allowDecimal={false}
          allowNegative={false}
          required
          error={errors.credits}
          w={140}
        />
        <Textarea
          label={t('actions.creditsNote')}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={1}
          maxRows={4}
          error={errors.note}
          style={{ flex: '1 1 200px' }}
        />
      </Group>
      <Group>
        <Button variant="default" onClick={() => void submit()} loading={give.isPending}>
          {t('actions.credits')}
        </Button>
      </Group>
    </Stack>
  );
}
