import { Button, ColorInput, Group, Input, PasswordInput, Text, TextInput, type TextInputProps } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useId } from 'react';
import { useFormContext, useFormState, useWatch, get } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useBound, type Managed } from '../../../../components/form/bound';
import { translateValidation } from '../../../../lib/forms';
import { notifySuccess } from '../../../../lib/notify';
import { groupedIban, SECRET_PATHS, type IntegrationValues, type SecretAction, type SecretName } from '../form-values';

/** Inputs of the integration screen that the shared form fields do not cover. */

async function copyToClipboard(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.error('Could not copy to the clipboard', error);
    return false;
  }
}

/** Copies a text; spec §8: the confirmation reads "Success, Copy to clipboard". */
export function CopyButton({ value, label }: { value: string; label?: string }) {
  const { t } = useTranslation('sellingSettings');
  const { t: tb } = useTranslation('backend');
  const onCopy = async () => {
    if (await copyToClipboard(value)) notifySuccess(tb('clipboard.text'), tb('clipboard.title'));
    else notifications.show({ color: 'red', message: tb('clipboard.failed') });
  };
  return (
    <Button variant="default" size="sm" onClick={() => void onCopy()} aria-label={label}>
      {t('integration.copy')}
    </Button>
  );
}

/** A value to copy (the webhook URL): read-only, selectable, with its copy button. */
export function CopyField({ label, description, value }: { label: string; description?: string; value: string }) {
  const { t } = useTranslation('sellingSettings');
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      <TextInput
        label={label}
        description={description}
        value={value}
        readOnly
        style={{ flex: 1, minWidth: 0 }}
        onFocus={(e) => e.currentTarget.select()}
      />
      <CopyButton value={value} label={`${t('integration.copy')}: ${label}`} />
    </Group>
  );
}

type IbanName = 'invoice.iban' | 'invoice.qr_iban';

/** An IBAN as typed; grouped in fours once the field is left. */
export function IbanInput({ name, ...props }: { name: IbanName } & Omit<TextInputProps, Managed>) {
  const { control } = useFormContext<IntegrationValues>();
  const { value, onChange, input } = useBound({ control, name });
  return (
    <TextInput
      {...props}
      {...input}
      autoComplete="off"
      spellCheck={false}
      value={(value as string | undefined) ?? ''}
      onChange={(e) => onChange(e.currentTarget.value)}
      onBlur={() => {
        onChange(groupedIban((value as string | undefined) ?? ''));
        input.onBlur();
      }}
    />
  );
}

/** The shop address: lower case as typed (the server accepts lower case only). */
export function SlugInput(props: Omit<TextInputProps, Managed>) {
  const { control } = useFormContext<IntegrationValues>();
  const { value, onChange, input } = useBound({ control, name: 'branding.slug' });
  return (
    <TextInput
      {...props}
      {...input}
      autoComplete="off"
      spellCheck={false}
      value={(value as string | undefined) ?? ''}
      onChange={(e) => onChange(e.currentTarget.value.toLowerCase())}
    />
  );
}

export function PrimaryColorInput({ label, description }: { label: string; description: string }) {
  const { t } = useTranslation('sellingSettings');
  const { control } = useFormContext<IntegrationValues>();
  const { value, onChange, input } = useBound({ control, name: 'branding.primary_color' });
  return (
    <ColorInput
      {...input}
      label={label}
      description={description}
      format="hex"
      value={(value as string | undefined) ?? ''}
      onChange={(next) => onChange(next)}
      eyeDropperButtonProps={{ 'aria-label': t('integration.shop.pickColor') }}
      swatches={['#2f6fde', '#0b7285', '#2b8a3e', '#e8590c', '#c2255c', '#5f3dc4', '#212529']}
      maw={260}
    />
  );
}

/**
 * A payment provider's secret: never shown, never pre-filled. Stored, it reads "Stored" with
 * Replace and Remove; replacing shows an empty password input; removing is undone until the form
 * is saved.
 */
export function SecretField({
  name,
  label,
  stored,
  readOnly = false,
}: {
  name: SecretName;
  label: string;
  stored: boolean;
  /** Without team.manage: "Stored" or "Not set", no input, no actions. */
  readOnly?: boolean;
}) {
  const { t } = useTranslation('sellingSettings');
  const { control, setValue } = useFormContext<IntegrationValues>();
  const path = SECRET_PATHS[name];
  const action = useWatch({ control, name: `secrets.${name}` });
  const { errors } = useFormState({ control, name: path });
  const secret = useBound({ control, name: path });
  const id = useId();
  const setAction = (next: SecretAction) => {
    setValue(`secrets.${name}`, next, { shouldDirty: true });
    if (next !== 'replace') setValue(path, '', { shouldDirty: true });
  };

  if (readOnly) {
    return (
      <Input.Wrapper label={label} labelElement="div">
        <Text size="sm" fw={500} mt={4} role="group" aria-label={label}>
          {stored ? t('integration.secrets.stored') : t('integration.secrets.notSet')}
        </Text>
      </Input.Wrapper>
    );
  }
  if (action === 'replace') {
    return (
      <div>
        <PasswordInput
          {...secret.input}
          label={label}
          autoComplete="new-password"
          spellCheck={false}
          value={(secret.value as string | undefined) ?? ''}
          onChange={(e) => secret.onChange(e.currentTarget.value)}
        />
        {stored && (
          <Button variant="subtle" size="xs" mt={4} onClick={() => setAction('keep')}>
            {t('integration.secrets.keep')}
          </Button>
        )}
      </div>
    );
  }
  const error = translateValidation((get(errors, path) as { message?: string } | undefined)?.message);
  return (
    <Input.Wrapper label={label} labelElement="div" error={error || undefined}>
      <Group gap="xs" mt={4} wrap="wrap" role="group" aria-label={label}>
        {action === 'keep' ? (
          <>
            <Text size="sm" fw={500} aria-describedby={`${id}-hint`}>
              {t('integration.secrets.stored')}
            </Text>
            <Text size="xs" c="dimmed" id={`${id}-hint`}>
              {t('integration.secrets.storedHint')}
            </Text>
            <Button
              variant="default"
              size="xs"
              onClick={() => setAction('replace')}
              aria-label={`${t('integration.secrets.replace')}: ${label}`}
            >
              {t('integration.secrets.replace')}
            </Button>
            <Button
              variant="subtle"
              color="#c92a2a"
              size="xs"
              onClick={() => setAction('remove')}
              aria-label={`${t('integration.secrets.remove')}: ${label}`}
            >
              {t('integration.secrets.remove')}
            </Button>
          </>
        ) : (
          <>
            <Text size="sm">{t('integration.secrets.willBeRemoved')}</Text>
            <Button variant="default" size="xs" onClick={() => setAction('keep')} aria-label={`${t('integration.secrets.undo')}: ${label}`}>
              {t('integration.secrets.undo')}
            </Button>
          </>
        )}
      </Group>
    </Input.Wrapper>
  );
}
