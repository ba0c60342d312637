import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  CompanyAddressFields,
  CompanyContactFields,
  CompanyLocaleFields,
  CompanyVatField,
  CompanyVatRegisteredField,
  type CompanyFieldTexts,
} from '../../../components/form/company-fields';

export type { CompanyFormValues } from '../../../components/form/company-fields';

/** The company fields' labels in the back office. */
function useSettingsTexts(): CompanyFieldTexts {
  const { t } = useTranslation('settings');
  return {
    name: t('fields.name'),
    phonePrefix: t('fields.phonePrefix'),
    phoneNumber: t('fields.phoneNumber'),
    billingAddress: t('fields.address'),
    billingAddressLine2: t('fields.addressLine2'),
    billingPostalCode: t('fields.postalCode'),
    billingCity: t('fields.city'),
    billingState: t('fields.state'),
    billingCountry: t('fields.country'),
    countryHint: t('fields.countryHint'),
    currency: t('fields.currency'),
    timeZone: t('fields.timeZone'),
    languages: t('fields.languages'),
    languagesHint: t('fields.languagesHint'),
    vatId: t('fields.vatId'),
    vatIdHint: t('fields.vatIdHint'),
    registeredForVat: t('fields.registeredForVat'),
    registeredForVatHint: t('fields.registeredForVatHint'),
    nothingFound: t('fields.nothingFound'),
  };
}

/** Name, phone, currency, time zone and languages: "general" in the settings. */
export function CompanyGeneralFields() {
  const texts = useSettingsTexts();
  return (
    <Stack gap="sm">
      <CompanyContactFields texts={texts} />
      <CompanyLocaleFields texts={texts} />
    </Stack>
  );
}

/**
 * Billing address, country and VAT number. With `selectCurrency` (company creation) choosing a
 * country also selects its currency (spec §5); with `vatRegistered` (company creation) the
 * "registered for VAT" choice follows (afterwards it lives in the tax settings).
 */
export function CompanyBillingFields({
  selectCurrency = false,
  vatRegistered = false,
}: {
  selectCurrency?: boolean;
  vatRegistered?: boolean;
}) {
  const texts = useSettingsTexts();
  return (
    <Stack gap="sm">
      <CompanyAddressFields texts={texts} selectCurrency={selectCurrency} />
      <CompanyVatField texts={texts} />
      {vatRegistered && <CompanyVatRegisteredField texts={texts} />}
    </Stack>
  );
}
