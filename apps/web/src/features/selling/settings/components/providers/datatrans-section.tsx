import type { IntegrationSettings } from '@bookla/shared/selling';
import { Alert, SimpleGrid } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../../../../../components/form/switch-field';
import { FormTextInput } from '../../../../../components/form/text-fields';
import type { IntegrationValues } from '../../form-values';
import { CopyField, SecretField } from '../integration-fields';

/** The Datatrans provider's fields (cards, TWINT, PostFinance): merchant id, API password, webhook key, sandbox, webhook URL. */
export function DatatransFields({
  saved,
  canManage,
  readOnlyNote,
}: {
  saved: IntegrationSettings;
  canManage: boolean;
  readOnlyNote: React.ReactNode;
}) {
  const { t } = useTranslation('sellingSettings');
  const { control } = useFormContext<IntegrationValues>();
  return (
    <>
      <FormSwitch control={control} name="datatrans.enabled" label={t('integration.datatrans.enabled')} />
      <Alert color="blue" variant="light" role="note">
        {t('integration.datatrans.hosted')}
      </Alert>
      {!canManage && readOnlyNote}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput
          control={control}
          name="datatrans.merchant_id"
          label={t('integration.datatrans.merchantId')}
          autoComplete="off"
          spellCheck={false}
          inputMode="numeric"
          readOnly={!canManage}
        />
        <SecretField
          name="password"
          label={t('integration.datatrans.password')}
          stored={saved.datatrans.password_set}
          readOnly={!canManage}
        />
        <SecretField
          name="hmac_key"
          label={t('integration.datatrans.hmacKey')}
          stored={saved.datatrans.hmac_key_set}
          readOnly={!canManage}
        />
        <FormSwitch
          control={control}
          name="datatrans.sandbox"
          label={t('integration.datatrans.sandbox')}
          description={t('integration.datatrans.sandboxHint')}
          disabled={!canManage}
        />
      </SimpleGrid>
      <CopyField
        label={t('integration.datatrans.webhookUrl')}
        description={t('integration.datatrans.webhookUrlHint')}
        value={saved.datatrans.webhook_url}
      />
    </>
  );
}
