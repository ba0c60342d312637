import { RESOURCE_KINDS } from '@bookla/shared/catalogue-model';
import type { Language } from '@bookla/shared/i18n';
import { Button, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useFieldArray, useFormContext, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSelect } from '../../../../components/form/select-fields';
import { emptyTranslated, TranslatedTextField } from '../../../../components/form/translated-fields';
import { translateValidation } from '../../../../lib/forms';
import { firstError } from '../../../../lib/first-error';
import type { ResourceGroupValues } from '../resource-group-values';
import { FormNumberInput } from '../../../../components/form/number-field';

/** A resource group: name and kind; once it exists, its resources with their capacity. */
export function ResourceGroupFields({ languages, withResources }: { languages: readonly Language[]; withResources: boolean }) {
  const { t } = useTranslation('setup');
  const { control } = useFormContext<ResourceGroupValues>();
  return (
    <>
      <TranslatedTextField control={control} name="name" languages={languages} label={t('resources.groupName')} required />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <FormSelect
          control={control}
          name="kind"
          label={t('resources.kind')}
          data={RESOURCE_KINDS.map((value) => ({ value, label: t(`resources.kinds.${value}`) }))}
          required
        />
      </SimpleGrid>
      {withResources ? (
        <>
          <Divider />
          <ResourcesEditor languages={languages} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {t('resources.addLater')}
        </Text>
      )}
    </>
  );
}

function ResourcesEditor({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const { control } = useFormContext<ResourceGroupValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'resources', keyName: 'key' });
  const { errors } = useFormState({ control, name: 'resources' });
  const listError = translateValidation(
    (errors.resources as { message?: string } | undefined)?.message ?? firstError(errors, 'resources.root'),
  );
  return (
    <Stack gap="sm" component="section" aria-labelledby="resources-title">
      <Title order={2} size="h4" id="resources-title">
        {t('resources.items')}
      </Title>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('resources.noItems')}
        </Text>
      )}
      {fields.map((field, index) => (
        <Paper key={field.key} withBorder p="sm" component="fieldset" m={0} aria-label={t('resources.item', { position: index + 1 })}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <div style={{ flex: '1 1 260px' }}>
              <TranslatedTextField
                control={control}
                name={`resources.${index}.name`}
                languages={languages}
                label={t('resources.name')}
                required
              />
            </div>
            <FormNumberInput
              control={control}
              name={`resources.${index}.capacity`}
              label={t('resources.capacity')}
              description={t('resources.capacityHint')}
              min={1}
              allowDecimal={false}
              required
              w={160}
            />
          </Group>
          <Group justify="flex-end" mt="xs">
            <Button
              size="xs"
              variant="subtle"
              color="#c92a2a"
              onClick={() => remove(index)}
              aria-label={t('resources.remove', { position: index + 1 })}
            >
              {t('choices.removeShort')}
            </Button>
          </Group>
        </Paper>
      ))}
      {listError && (
        <Text size="xs" c="error" role="alert">
          {listError}
        </Text>
      )}
      <Group>
        <Button variant="light" onClick={() => append({ name: emptyTranslated(languages), capacity: 1 })}>
          {t('resources.add')}
        </Button>
      </Group>
    </Stack>
  );
}
