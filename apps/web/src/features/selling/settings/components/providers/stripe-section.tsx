import type { IntegrationSettings } from '@bookla/shared/selling';
import { Alert, SimpleGrid } from '@mantine/core';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../../../../../components/form/switch-field';
import { FormTextInput } from '../../../../../components/form/text-fields';
import type { IntegrationValues } from '../../form-values';
import { CopyField, SecretField } from '../integration-fields';

/** The Stripe provider's fields on the integration page: keys, webhook secret, Connect account, webhook URL. */
export function StripeFields({
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
      <FormSwitch control={control} name="stripe.enabled" label={t('integration.stripe.enabled')} />
      <Alert color="blue" variant="light" role="note">
        {t('integration.stripe.hosted')}
      </Alert>
      {!canManage && readOnlyNote}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <FormTextInput
          control={control}
          name="stripe.publishable_key"
          label={t('integration.stripe.publishableKey')}
          autoComplete="off"
          spellCheck={false}
          readOnly={!canManage}
        />
        <SecretField
          name="secret_key"
          label={t('integration.stripe.secretKey')}
          stored={saved.stripe.secret_key_set}
          readOnly={!canManage}
        />
        <SecretField
          name="webhook_secret"
          label={t('integration.stripe.webhookSecret')}
          stored={saved.stripe.webhook_secret_set}
          readOnly={!canManage}
        />
        <FormTextInput
          control={control}
          name="stripe.account_id"
          label={t('integration.stripe.accountId')}
          description={t('integration.stripe.accountIdHint')}
          autoComplete="off"
          spellCheck={false}
          readOnly={!canManage}
        />
      </SimpleGrid>
      <CopyField
        label={t('integration.stripe.webhookUrl')}
        description={t('integration.stripe.webhookUrlHint')}
        value={saved.stripe.webhook_url}
      />
    </>
  );
}
