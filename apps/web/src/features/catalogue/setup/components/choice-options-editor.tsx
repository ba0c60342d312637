import type { Language } from '@bookla/shared/i18n';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useFieldArray, useFormContext, useFormState, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormTextInput } from '../../../../components/form/text-fields';
import { emptyTranslated, TranslatedTextField } from '../../../../components/form/translated-fields';
import { translateValidation } from '../../../../lib/forms';
import type { ChoiceFormValue } from '../form-values';

/**
 * The choices of a select / multi-select attribute or field (`options: [{value, label T!}]`):
 * add, remove and move up/down with buttons (keyboard and screen-reader friendly). Used by the
 * attribute and the field screens; the form holds them under `options`.
 */
export function ChoiceOptionsEditor({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation('setup');
  const { control } = useFormContext<{ options: ChoiceFormValue[] }>();
  const { fields, append, remove, move } = useFieldArray({ control, name: 'options' });
  const { errors } = useFormState({ control, name: 'options' });
  const rootError = (get(errors, 'options.message') ?? get(errors, 'options.root.message')) as string | undefined;

  return (
    <Stack gap="sm" role="group" aria-labelledby="choice-options-title">
      <Title order={2} size="h5" id="choice-options-title">
        {t('choices.title')}
      </Title>
      {fields.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('choices.none')}
        </Text>
      )}
      {fields.map((field, index) => {
        const position = index + 1;
        return (
          <Paper key={field.id} withBorder p="sm" aria-label={t('choices.item', { position })} component="fieldset" m={0}>
            <Stack gap="xs">
              <Group align="flex-start" gap="sm" wrap="wrap">
                <FormTextInput
                  control={control}
                  name={`options.${index}.value`}
                  label={t('choices.value')}
                  description={t('choices.valueHint')}
                  style={{ flex: '0 1 200px' }}
                />
                <div style={{ flex: '1 1 260px' }}>
                  <TranslatedTextField
                    control={control}
                    name={`options.${index}.label`}
                    languages={languages}
                    label={t('choices.label')}
                    required
                  />
                </div>
              </Group>
              <Group gap={4} justify="flex-end">
                <Button
                  size="xs"
                  variant="default"
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                  aria-label={t('choices.up', { position })}
                >
                  ↑
                </Button>
                <Button
                  size="xs"
                  variant="default"
                  disabled={index === fields.length - 1}
                  onClick={() => move(index, index + 1)}
                  aria-label={t('choices.down', { position })}
                >
                  ↓
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="#c92a2a"
                  onClick={() => remove(index)}
                  aria-label={t('choices.remove', { position })}
                >
                  {t('choices.removeShort')}
                </Button>
              </Group>
            </Stack>
          </Paper>
        );
      })}
      {rootError && (
        <Text size="xs" c="error" role="alert">
          {translateValidation(rootError)}
        </Text>
      )}
      <Group>
        <Button variant="light" onClick={() => append({ value: '', label: emptyTranslated(languages) })}>
          {t('choices.add')}
        </Button>
      </Group>
    </Stack>
  );
}
