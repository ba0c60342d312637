import { twoFactorCodeSchema, twoFactorDisableSchema, type TwoFactorSetup } from '@bookla/shared/auth';
import { Alert, Badge, Button, Code, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormPasswordInput, FormTextInput } from '../../../components/form/text-fields';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { refreshAppState } from '../../teams';
import { isApiError } from '../../../lib/api-client';
import { useAppState } from '../../../lib/app-state';
import { applyApiError } from '../../../lib/forms';
import { twoFactorApi } from '../api/profile-api';
import { RecoveryCodes } from './recovery-codes';
import { useZodForm } from '../../../lib/use-zod-form';

/** The QR code is drawn in the browser; without it the key and link still work. */
async function qrDataUrl(text: string): Promise<string | null> {
  try {
    const { toDataURL } = await import('qrcode');
    return await toDataURL(text, { margin: 1, width: 200, errorCorrectionLevel: 'M' });
  } catch (error) {
    console.error('Could not draw the QR code', error);
    return null;
  }
}

/** A failure without field errors (e.g. a wrong code) goes onto the one field of the form. */
function showOnField(error: unknown, set: (message: string) => void): boolean {
  if (!isApiError(error) || error.status !== 422) return false;
  set(Object.values(error.errors ?? {}).flat()[0] ?? error.message);
  return true;
}

function Confirm({
  setup,
  qr,
  onDone,
  onCancel,
}: {
  setup: TwoFactorSetup;
  qr: string | null;
  onDone: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('profile');
  const { control, handleSubmit, setError, formState } = useZodForm(twoFactorCodeSchema, {
    defaultValues: { code: '' },
  });
  const onSubmit = handleSubmit(async ({ code }) => {
    try {
      const result = await twoFactorApi.confirm(code);
      onDone(result.recovery_codes);
    } catch (error) {
      if (
        !applyApiError(error, setError) &&
        !showOnField(error, (message) => setError('code', { type: 'server', message }, { shouldFocus: true }))
      ) {
        notifyError(error);
      }
    }
  });
  return (
    <Stack gap="md">
      <Text size="sm">{t('twoFactor.scan')}</Text>
      <Group align="flex-start" gap="lg">
        {qr && <Image src={qr} alt={t('twoFactor.qrAlt')} w={200} h={200} />}
        <Stack gap="xs" style={{ flex: '1 1 240px', minWidth: 0 }}>
          <div>
            <Text size="sm" fw={600}>
              {t('twoFactor.secret')}
            </Text>
            <Code fz="sm" style={{ wordBreak: 'break-all' }}>
              {setup.secret}
            </Code>
          </div>
          <div>
            <Text size="sm" fw={600}>
              {t('twoFactor.otpauthUrl')}
            </Text>
            <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {setup.otpauth_url}
            </Code>
          </div>
        </Stack>
      </Group>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm" maw={360}>
          <FormTextInput
            control={control}
            name="code"
            label={t('twoFactor.code')}
            description={t('twoFactor.codeHint')}
            inputMode="numeric"
            autoComplete="one-time-code"
            required
            data-autofocus
          />
          <Group gap="sm">
            <Button type="submit" disabled={formState.isSubmitting}>
              {t('twoFactor.confirm')}
            </Button>
            <Button variant="default" onClick={onCancel}>
              {t('twoFactor.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}

function Disable() {
  const { t } = useTranslation('profile');
  const { control, handleSubmit, setError, reset, formState } = useZodForm(twoFactorDisableSchema, {
    defaultValues: { password: '', code: '' },
  });
  const onSubmit = handleSubmit(async (input) => {
    try {
      const result = await twoFactorApi.disable(input);
      reset();
      await refreshAppState();
      notifySuccess(result.message || t('twoFactor.disabled'));
    } catch (error) {
      if (
        !applyApiError(error, setError) &&
        !showOnField(error, (message) => setError('password', { type: 'server', message }, { shouldFocus: true }))
      ) {
        notifyError(error);
      }
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="two-factor-disable">
      <Stack gap="sm" maw={360}>
        <Text size="sm" fw={600} id="two-factor-disable">
          {t('twoFactor.disableTitle')}
        </Text>
        <Text size="sm" c="dimmed">
          {t('twoFactor.disableText')}
        </Text>
        <FormPasswordInput control={control} name="password" label={t('twoFactor.password')} autoComplete="current-password" required />
        <FormTextInput
          control={control}
          name="code"
          label={t('twoFactor.disableCode')}
          description={t('twoFactor.disableCodeHint')}
          autoComplete="one-time-code"
          required
        />
        <Group>
          <Button type="submit" color="#c92a2a" variant="light" disabled={formState.isSubmitting}>
            {t('twoFactor.disable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * Profile → two-factor authentication: set up (key, link and QR code, confirmed with a code),
 * the recovery codes once, and turning it off with the password and a code (TOTP or recovery).
 */
export function TwoFactorSection() {
  const { t } = useTranslation('profile');
  const { t: tb } = useTranslation('backend');
  const { user, two_factor_required: required } = useAppState();
  const enabled = user?.two_factor_enabled === true;
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [qr, setQr] = useState<string | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [starting, setStarting] = useState(false);

  const start = async () => {
    setStarting(true);
    try {
      const next = await twoFactorApi.setup();
      setSetup(next);
      setQr(await qrDataUrl(next.otpauth_url));
    } catch (error) {
      notifyError(error);
    } finally {
      setStarting(false);
    }
  };

  const confirmed = async (recoveryCodes: string[]) => {
    setCodes(recoveryCodes);
    setSetup(null);
    setQr(null);
    notifySuccess(t('twoFactor.enabled'));
    await refreshAppState().catch((e: unknown) => console.error('Could not reload the app state', e));
  };

  let body;
  if (codes) body = <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />;
  else if (enabled) body = <Disable />;
  else if (setup) body = <Confirm setup={setup} qr={qr} onDone={(c) => void confirmed(c)} onCancel={() => setSetup(null)} />;
  else {
    body = (
      <Group>
        {/* Long German label: wrap instead of cutting it off on a phone. */}
        <Button onClick={() => void start()} loading={starting} h="auto" mih={36} py={6} styles={{ label: { whiteSpace: 'normal' } }}>
          {t('twoFactor.enable')}
        </Button>
      </Group>
    );
  }

  return (
    // The scroll margin keeps the heading clear of the phone top bar when `#two-factor` is opened.
    <Paper withBorder p="md" component="section" aria-labelledby="two-factor-title" id="two-factor" style={{ scrollMarginTop: 72 }}>
      <Group justify="space-between" mb={4}>
        <Title order={2} size="h4" id="two-factor-title" tabIndex={-1}>
          {t('twoFactor.title')}
        </Title>
        <Badge color={enabled ? 'green' : 'gray'} variant="light" c="dark.7">
          {enabled ? t('twoFactor.statusOn') : t('twoFactor.statusOff')}
        </Badge>
      </Group>
      <Text size="sm" c="dimmed" mb="md">
        {t('twoFactor.intro')}
      </Text>
      {required && !enabled && (
        <Alert
          color="yellow"
          title={tb('twoFactorRequired.title')}
          mb="md"
          role="alert"
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          {tb('twoFactorRequired.text')}
        </Alert>
      )}
      {body}
    </Paper>
  );
}
