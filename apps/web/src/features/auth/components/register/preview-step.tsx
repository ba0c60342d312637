import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../../lib/language';
import { useOptions, type Option } from '../../../../lib/options';
import { planFees } from '../../../../lib/plan-terms';
import { ConsentFields } from '../account-fields';
import { FormSelect } from '../../../../components/form/select-fields';
import classes from './register.module.css';
import type { RegisterFormValues } from './register-model';

const labelOf = (options: readonly Option[] | undefined, value: string) =>
  options?.find((o) => o.value.toUpperCase() === value.toUpperCase())?.label ?? value;

function Summary({
  title,
  editLabel,
  onEdit,
  rows,
}: {
  title: string;
  editLabel: string;
  onEdit: () => void;
  rows: [string, ReactNode][];
}) {
  const { t } = useTranslation('auth');
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="xs" wrap="nowrap">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Button variant="subtle" size="compact-sm" onClick={onEdit} aria-label={editLabel}>
          {t('register.preview.edit')}
        </Button>
      </Group>
      <dl className={classes.summary}>
        {rows.map(([label, value]) => (
          <div key={label} className={classes.summaryRow}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </Paper>
  );
}

/** Step 3 "Preview": what will be created, then terms, newsletter and where they heard of us. */
export function PreviewStep({ onEdit }: { onEdit: (step: number) => void }) {
  const { t } = useTranslation('auth');
  const lang = useLang();
  const { control, getValues } = useFormContext<RegisterFormValues>();
  const countries = useOptions('country');
  const currencies = useOptions('currency');
  const languages = useOptions('language');
  const timeZones = useOptions('timezones');
  const referrals = useOptions('referral');
  const { user, team, plan } = getValues();
  const fees = planFees(plan, lang);
  const missing = (
    <Text span c="dimmed" fs="italic" inherit>
      {t('register.preview.notProvided')}
    </Text>
  );
  const orMissing = (value: string) => (value.trim() ? value : missing);
  const salutation = user.salutation ? t(`fields.salutations.${user.salutation as 'mr'}`) : '';

  const address = [
    team.billing_address,
    team.billing_address_line_2,
    `${team.billing_postal_code} ${team.billing_city}`.trim(),
    team.billing_state,
    labelOf(countries.data, team.billing_country),
  ].filter((line) => line.trim() !== '');

  return (
    <Stack gap="md">
      <Text>{t('register.preview.intro')}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Summary
          title={t('register.preview.account')}
          editLabel={t('register.preview.editUser')}
          onEdit={() => onEdit(0)}
          rows={[
            [t('register.preview.name'), [salutation, user.firstname, user.lastname].filter(Boolean).join(' ')],
            [t('fields.email'), user.email],
          ]}
        />
        <Summary
          title={t('register.preview.company')}
          editLabel={t('register.preview.editCompany')}
          onEdit={() => onEdit(1)}
          rows={[
            [t('register.company.name'), team.name],
            [t('register.preview.phone'), `${team.phone_prefix} ${team.phone_number}`],
            [
              t('register.preview.address'),
              address.map((line) => (
                <span key={line} className={classes.line}>
                  {line}
                </span>
              )),
            ],
            [t('register.company.currency'), labelOf(currencies.data, team.currency)],
            [t('register.company.languages'), team.languages.map((l) => labelOf(languages.data, l)).join(', ')],
            [t('register.company.timeZone'), labelOf(timeZones.data, team.time_zone)],
            [t('register.company.vatId'), orMissing(team.vat_id)],
            [t('register.preview.registeredForVat'), t(team.vat_registered ? 'register.preview.yes' : 'register.preview.no')],
          ]}
        />
        <Summary
          title={t('register.preview.plan')}
          editLabel={t('register.preview.editPlan')}
          onEdit={() => onEdit(1)}
          rows={[
            [t('register.plan.title'), t(`register.plan.${plan}.name`)],
            [t('register.preview.monthlyFee'), t('register.plan.monthly', { amount: fees.monthly })],
            [t('register.preview.saleFee'), t('register.plan.perSale', { percent: fees.percent, fee: fees.fixed })],
          ]}
        />
      </SimpleGrid>
      <Stack gap="sm">
        <ConsentFields control={control} agb="user.agb" newsletter="user.newsletter" />
        <FormSelect control={control} name="user.referral_id" label={t('fields.referral')} data={referrals.data ?? []} required maw={420} />
      </Stack>
    </Stack>
  );
}
