import { Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CompanyAddressFields,
  CompanyContactFields,
  CompanyLocaleFields,
  CompanyVatField,
  CompanyVatRegisteredField,
  type CompanyFieldsProps,
} from '../../../../components/form/company-fields';
import { PlanChoice } from './plan-choice';

/** Step 2 "Company": name, phone, billing address, currency, languages, time zone, VAT (number and registration), plan. */
export function CompanyStep() {
  const { t } = useTranslation('auth');
  const company: CompanyFieldsProps = { prefix: 'team.', texts: t('register.company', { returnObjects: true }) };
  return (
    <Stack gap="sm">
      <CompanyContactFields {...company} />
      <Title order={3} size="h4" mt="sm">
        {t('register.company.address')}
      </Title>
      <CompanyAddressFields {...company} selectCurrency />
      <Title order={3} size="h4" mt="sm">
        {t('register.company.settings')}
      </Title>
      <CompanyLocaleFields {...company} />
      <CompanyVatField {...company} />
      <CompanyVatRegisteredField {...company} />
      <PlanChoice />
    </Stack>
  );
}
