import type { Language } from '@bookla/shared/i18n';
import { integrationSettingsBodySchema, type IntegrationSettings } from '@bookla/shared/selling';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { useHasPermission } from '../../../permissions';
import { FormProvider, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormNumberInput } from '../../../../components/form/number-field';
import { FormSwitch } from '../../../../components/form/switch-field';
import { FormTextInput } from '../../../../components/form/text-fields';
import { PageLoader } from '../../../../components/page-loader';
import { useAppState } from '../../../../lib/app-state';
import { isApiError } from '../../../../lib/api-client';
import { applyApiError } from '../../../../lib/forms';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useZodForm } from '../../../../lib/use-zod-form';
import { useIntegrationSettings, useSaveIntegrationSettings } from '../api/settings-api';
import { integrationBody, integrationToValues, shopPath, type IntegrationBody, type IntegrationValues } from '../form-values';
import { CopyButton, IbanInput, PrimaryColorInput, SlugInput } from './integration-fields';
import { DatatransFields } from './providers/datatrans-section';
import { StripeFields } from './providers/stripe-section';
import { ConfirmIdentityModal, moneyFieldsChanged, type IdentityProof } from './confirm-identity-modal';

/** The online payment providers' sections, in page order: each provider's fields are its own component. */
const PROVIDER_SECTIONS = [
  { id: 'stripe', Fields: StripeFields },
  { id: 'datatrans', Fields: DatatransFields },
] as const;

/** `/backend/config/integration`: invoice, the payment providers, test mode and the shop's branding, saved together. */
export function IntegrationSettingsForm({ languages }: { languages: readonly Language[] }) {
  const { t } = useTranslation('sellingSettings');
  const settings = useIntegrationSettings();
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) return <Alert color="red">{t('loadError')}</Alert>;
  return <LoadedIntegrationForm initial={settings.data} languages={languages} />;
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" mb="sm" id={id}>
        {title}
      </Title>
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}

function LoadedIntegrationForm({ initial, languages }: { initial: IntegrationSettings; languages: readonly Language[] }) {
  const { t } = useTranslation('sellingSettings');
  const save = useSaveIntegrationSettings();
  // What is stored now (secrets set, the saved shop address): the last reply, not the form.
  const [saved, setSaved] = useState(initial);
  const methods = useZodForm<IntegrationValues>(integrationSettingsBodySchema, {
    toInput: integrationBody,
    defaultValues: integrationToValues(initial),
    mode: 'onTouched',
  });
  const { control } = methods;
  // Where the money goes and test mode are the company's own decisions (issue 20): team.manage.
  const canManage = useHasPermission('team.manage');
  const twoFactor = !!useAppState().user?.two_factor_enabled;
  // A save that changes an IBAN or a payment provider's key waits here for the password (and code).
  const [pending, setPending] = useState<{ body: IntegrationBody; askCode: boolean } | null>(null);

  const send = async (body: IntegrationBody, proof?: IdentityProof) => {
    const reply = await save.mutateAsync(proof ? { ...body, ...proof } : body);
    setSaved(reply.data);
    methods.reset(integrationToValues(reply.data));
    notifySuccess(reply.message || t('integration.saved'));
  };
  const onSubmit = methods.handleSubmit(async (values) => {
    const body = integrationBody(values);
    if (moneyFieldsChanged(saved, body)) {
      setPending({ body, askCode: twoFactor });
      return;
    }
    try {
      await send(body);
    } catch (error) {
      // The server saw a money change the form did not (e.g. written differently): ask after all.
      const errors = isApiError(error, 422) ? (error.errors ?? {}) : {};
      if (errors.current_password || errors.totp_code) setPending({ body, askCode: twoFactor || !!errors.totp_code });
      else if (!applyApiError(error, methods.setError)) notifyError(error);
    }
  });
  /** The modal's confirm: its own 422s stay in the modal (returned), the form's go to the form. */
  const confirm = async (proof: IdentityProof): Promise<Record<string, string[]> | null> => {
    if (!pending) return null;
    try {
      await send(pending.body, proof);
      setPending(null);
      return null;
    } catch (error) {
      const errors = isApiError(error, 422) ? (error.errors ?? {}) : {};
      if (errors.current_password || errors.totp_code) {
        if (errors.totp_code && !pending.askCode) setPending({ ...pending, askCode: true });
        return errors;
      }
      setPending(null);
      if (!applyApiError(error, methods.setError)) notifyError(error);
      return null;
    }
  };
  const saving = methods.formState.isSubmitting;

  return (
    <FormProvider {...methods}>
      <form onSubmit={onSubmit} noValidate aria-label={t('integration.formLabel')}>
        <Stack gap="lg">
          <Text size="sm" c="dimmed">
            {t('integration.plan', { plan: t(`integration.tiers.${saved.tier}`) })}
          </Text>

          <Section id="integration-invoice" title={t('integration.invoice.title')}>
            <FormSwitch
              control={control}
              name="invoice.enabled"
              label={t('integration.invoice.enabled')}
              description={t('integration.invoice.enabledHint')}
            />
            {!canManage && <ReadOnlyNote />}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <IbanInput
                name="invoice.iban"
                label={t('integration.invoice.iban')}
                description={t('integration.invoice.ibanHint')}
                readOnly={!canManage}
              />
              <IbanInput
                name="invoice.qr_iban"
                label={t('integration.invoice.qrIban')}
                description={t('integration.invoice.qrIbanHint')}
                readOnly={!canManage}
              />
              <FormNumberInput
                control={control}
                name="invoice.due_days"
                label={t('integration.invoice.dueDays')}
                description={t('integration.invoice.dueDaysHint')}
                min={1}
                max={365}
                allowDecimal={false}
              />
            </SimpleGrid>
          </Section>

          {PROVIDER_SECTIONS.map(({ id, Fields }) => (
            <Section key={id} id={`integration-${id}`} title={t(`integration.${id}.title`)}>
              <Fields saved={saved} canManage={canManage} readOnlyNote={<ReadOnlyNote />} />
            </Section>
          ))}

          <Section id="integration-test-mode" title={t('integration.testMode.title')}>
            <TestModeFields canManage={canManage} />
          </Section>

          <Section id="integration-shop" title={t('integration.shop.title')}>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <PrimaryColorInput label={t('integration.shop.primaryColor')} description={t('integration.shop.primaryColorHint')} />
              <SlugInput label={t('integration.shop.slug')} description={t('integration.shop.slugHint')} />
            </SimpleGrid>
            <FormTextInput
              control={control}
              name="terms_url"
              type="url"
              label={t('integration.shop.termsUrl')}
              description={t('integration.shop.termsUrlHint')}
              placeholder="https://"
            />
            <ShopLink slug={saved.branding.slug} languages={languages} />
          </Section>

          <Group justify="flex-end">
            <Button type="submit" disabled={saving}>
              {saving ? t('integration.saving') : t('integration.save')}
            </Button>
          </Group>
        </Stack>
      </form>
      <ConfirmIdentityModal
        opened={pending !== null}
        askCode={pending?.askCode ?? false}
        onClose={() => setPending(null)}
        onConfirm={confirm}
      />
    </FormProvider>
  );
}

function ReadOnlyNote() {
  const { t } = useTranslation('sellingSettings');
  return (
    <Text size="sm" c="dimmed" role="note">
      {t('integration.money.readOnly')}
    </Text>
  );
}

/**
 * The test payment: only with team.manage, and only while no live method (invoice, a payment
 * provider) is on — the server refuses it otherwise. Turning it off stays possible whatever else is on.
 */
function TestModeFields({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('sellingSettings');
  const { control } = useFormContext<IntegrationValues>();
  const on = useWatch({ control, name: 'test_mode.enabled' });
  const invoice = useWatch({ control, name: 'invoice.enabled' });
  const providers = useWatch({ control, name: PROVIDER_SECTIONS.map(({ id }) => `${id}.enabled` as const) });
  const live = invoice || providers.some(Boolean);
  const why = !canManage ? t('integration.testMode.noManage') : live ? t('integration.testMode.besideLive') : null;
  return (
    <>
      <FormSwitch
        control={control}
        name="test_mode.enabled"
        label={t('integration.testMode.enabled')}
        description={why ?? undefined}
        disabled={!canManage || (live && !on)}
      />
      <Alert color={on ? 'orange' : 'gray'} variant="light" role="note">
        {t('integration.testMode.warning')}
      </Alert>
    </>
  );
}

/** The shop's link in the current language (or the company's first): copy and open. */
function ShopLink({ slug, languages }: { slug: string | null; languages: readonly Language[] }) {
  const { t } = useTranslation('sellingSettings');
  const lang = useLang();
  const teamId = useAppState().team?.id;
  if (!teamId) return null;
  const shopLang = languages.includes(lang) ? lang : (languages[0] ?? lang);
  const url = `${window.location.origin}${shopPath(shopLang, teamId, slug)}`;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('integration.shop.link')}
      </Text>
      <Group gap="xs" wrap="wrap">
        <Anchor href={url} target="_blank" rel="noopener" style={{ overflowWrap: 'anywhere' }}>
          {url}
        </Anchor>
      </Group>
      <Group gap="xs">
        <CopyButton value={url} label={`${t('integration.copy')}: ${t('integration.shop.link')}`} />
        <Button component="a" href={url} target="_blank" rel="noopener" variant="default" size="sm">
          {t('integration.shop.open')}
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        {t('integration.shop.unsavedLink')}
      </Text>
    </Stack>
  );
}
