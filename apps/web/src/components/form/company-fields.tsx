import { LANGUAGES } from '@bookla/shared/i18n';
import type { teamCreateSchema } from '@bookla/shared/teams';
import { Group, SimpleGrid } from '@mantine/core';
import { useFormContext, useWatch, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { currencyForCountry, useOptions } from '../../lib/options';
import { FormCheckbox } from './checkbox-field';
import { FormPhoneFields } from './phone-fields';
import { FormMultiSelect, FormSelect } from './select-fields';
import { FormTextInput } from './text-fields';

/**
 * The company's fields (spec §5), for the registration's company step, "create company" and the
 * company settings. Each part renders its fields without a wrapper, so the screen lays them out
 * (headings, sections) in its own `Stack`. The parts read the form from `FormProvider`.
 */

/** All company fields (`POST /api/team`, the registration's `team`); the settings tabs edit a part. */
export type CompanyFormValues = z.input<typeof teamCreateSchema>;

/**
 * Labels and hints in the screen's own words. The keys are those of the registration's texts
 * (`auth:register.company`), which it passes whole; the back office maps its `settings` texts.
 */
export interface CompanyFieldTexts {
  name: string;
  phonePrefix: string;
  phoneNumber: string;
  billingAddress: string;
  billingAddressLine2: string;
  billingPostalCode: string;
  billingCity: string;
  billingState: string;
  billingCountry: string;
  /** Shown when choosing the country selects the currency (`selectCurrency`). */
  countryHint?: string;
  currency: string;
  currencyHint?: string;
  timeZone: string;
  timeZoneHint?: string;
  languages: string;
  languagesHint: string;
  vatId: string;
  vatIdHint: string;
  /** The "registered for VAT" choice (registration and company creation only). */
  registeredForVat?: string;
  registeredForVatHint?: string;
  nothingFound: string;
}

export interface CompanyFieldsProps {
  texts: CompanyFieldTexts;
  /** Where the company is in the form's values: `team.` in the registration, nothing elsewhere. */
  prefix?: string;
}

/** The form (from `FormProvider`) and the path of a company field in it. */
function useCompanyForm(prefix = '') {
  const path = (field: keyof CompanyFormValues): FieldPath<FieldValues> => `${prefix}${field}`;
  return { ...useFormContext<FieldValues>(), path };
}

/** Company name and phone. */
export function CompanyContactFields({ texts, prefix }: CompanyFieldsProps) {
  const { control, path } = useCompanyForm(prefix);
  return (
    <>
      <FormTextInput control={control} name={path('name')} label={texts.name} autoComplete="organization" required />
      <FormPhoneFields
        control={control}
        prefix={path('phone_prefix')}
        number={path('phone_number')}
        prefixLabel={texts.phonePrefix}
        numberLabel={texts.phoneNumber}
      />
    </>
  );
}

/**
 * Billing address and country. With `selectCurrency` (a form that has the currency) choosing a
 * country also selects its currency (spec §5). A German postal code has exactly 5 characters,
 * so a postal code already entered is checked again when the country changes.
 */
export function CompanyAddressFields({ texts, prefix, selectCurrency = false }: CompanyFieldsProps & { selectCurrency?: boolean }) {
  const { control, setValue, getFieldState, getValues, trigger, path } = useCompanyForm(prefix);
  const countries = useOptions('country');
  const currencies = useOptions('currency');

  const onCountry = (country: string) => {
    const currency = selectCurrency ? currencyForCountry(currencies.data ?? [], country) : undefined;
    if (currency) setValue(path('currency'), currency, { shouldDirty: true, shouldValidate: getFieldState(path('currency')).invalid });
    const postalCode = path('billing_postal_code');
    if (getValues(postalCode) && getFieldState(postalCode).isTouched) void trigger(postalCode);
  };

  return (
    <>
      <FormTextInput control={control} name={path('billing_address')} label={texts.billingAddress} autoComplete="address-line1" required />
      <FormTextInput
        control={control}
        name={path('billing_address_line_2')}
        label={texts.billingAddressLine2}
        autoComplete="address-line2"
      />
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <FormTextInput
          control={control}
          name={path('billing_postal_code')}
          label={texts.billingPostalCode}
          autoComplete="postal-code"
          w={130}
          required
        />
        <FormTextInput
          control={control}
          name={path('billing_city')}
          label={texts.billingCity}
          autoComplete="address-level2"
          style={{ flex: 1 }}
          required
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormTextInput control={control} name={path('billing_state')} label={texts.billingState} autoComplete="address-level1" />
        <FormSelect
          control={control}
          name={path('billing_country')}
          label={texts.billingCountry}
          description={selectCurrency ? texts.countryHint : undefined}
          data={countries.data ?? []}
          searchable
          nothingFoundMessage={texts.nothingFound}
          onValueChange={onCountry}
          autoComplete="country"
          required
        />
      </SimpleGrid>
    </>
  );
}

/** Currency, time zone and the languages the company works in. */
export function CompanyLocaleFields({ texts, prefix }: CompanyFieldsProps) {
  const { t } = useTranslation();
  const { control, path } = useCompanyForm(prefix);
  const currencies = useOptions('currency');
  const timeZones = useOptions('timezones');
  const languages = useOptions('language');
  const languageData = languages.data ?? LANGUAGES.map((value) => ({ value, label: t(`language.${value}`) }));
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <FormSelect
          control={control}
          name={path('currency')}
          label={texts.currency}
          description={texts.currencyHint}
          data={(currencies.data ?? []).map(({ value, label }) => ({ value, label }))}
          searchable
          nothingFoundMessage={texts.nothingFound}
          required
        />
        <FormSelect
          control={control}
          name={path('time_zone')}
          label={texts.timeZone}
          description={texts.timeZoneHint}
          data={timeZones.data ?? []}
          searchable
          limit={100}
          nothingFoundMessage={texts.nothingFound}
          required
        />
      </SimpleGrid>
      <FormMultiSelect
        control={control}
        name={path('languages')}
        label={texts.languages}
        description={texts.languagesHint}
        data={languageData}
        required
      />
    </>
  );
}

/** The VAT number (optional; the server checks it against the billing country; required when registered for VAT). */
export function CompanyVatField({ texts, prefix }: CompanyFieldsProps) {
  const { control, path } = useCompanyForm(prefix);
  const registered = useWatch({ control, name: path('vat_registered') }) === true;
  return (
    <FormTextInput
      control={control}
      name={path('vat_id')}
      label={texts.vatId}
      description={registered ? undefined : texts.vatIdHint}
      required={registered}
    />
  );
}

/**
 * Whether the company is registered for VAT (issue 22 item 1): only then are prices VAT-inclusive
 * and do documents show VAT and the VAT number. Unchecked by default: most small studios are not.
 */
export function CompanyVatRegisteredField({ texts, prefix }: CompanyFieldsProps) {
  const { control, path } = useCompanyForm(prefix);
  return (
    <FormCheckbox control={control} name={path('vat_registered')} label={texts.registeredForVat} description={texts.registeredForVatHint} />
  );
}
