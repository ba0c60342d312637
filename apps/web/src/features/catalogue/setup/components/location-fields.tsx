import type { Language } from '@bookla/shared/i18n';
import { Group, SimpleGrid } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form/select-fields';
import { FormTextInput } from '../../../../components/form/text-fields';
import { TranslatedTextField } from '../../../../components/form/translated-fields';
import { useOptions } from '../../../../lib/options';
import type { LocationValues } from '../record-values';
import { FormNumberInput } from '../../../../components/form/number-field';

/** A location: name, address, country from the reference list, directions, optional coordinates. */
export function LocationFields({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const { control } = useFormContext<LocationValues>();
  const countries = useOptions('country');
  return (
    <>
      <TranslatedTextField control={control} name="name" languages={languages} label={t('locations.name')} required />
      <FormTextInput control={control} name="address" label={t('locations.address')} autoComplete="street-address" />
      <Group gap="sm" align="flex-start" wrap="nowrap">
        <FormTextInput control={control} name="postal_code" label={t('locations.postalCode')} autoComplete="postal-code" w={130} required />
        <FormTextInput
          control={control}
          name="city"
          label={t('locations.city')}
          autoComplete="address-level2"
          style={{ flex: 1 }}
          required
        />
      </Group>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormSelect
          control={control}
          name="country"
          label={t('locations.country')}
          data={countries.data ?? []}
          searchable
          nothingFoundMessage={t('locations.nothingFound')}
          autoComplete="country"
          required
        />
      </SimpleGrid>
      <TranslatedTextField
        control={control}
        name="directions"
        languages={languages}
        label={t('locations.directions')}
        description={t('locations.directionsHint')}
        multiline
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormNumberInput control={control} name="latitude" label={t('locations.latitude')} min={-90} max={90} decimalScale={7} />
        <FormNumberInput control={control} name="longitude" label={t('locations.longitude')} min={-180} max={180} decimalScale={7} />
      </SimpleGrid>
    </>
  );
}
