import type { IntegrationSettings } from '@bookla/shared/selling';
import { Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { IntegrationBody } from '../form-values';

/** What the PUT carries beside a money change (names of the shared body schema). */
export interface IdentityProof {
  current_password: string;
  totp_code?: string;
}

const ibanKey = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, '').toUpperCase();
const text = (value: string | null | undefined) => (value ?? '').trim();

/**
 * Whether the body changes where the money goes (the server's MONEY_FIELDS): an IBAN, the
 * publishable key, the account id, or a secret (sent only when replaced or removed).
 */
export function moneyFieldsChanged(saved: IntegrationSettings, body: IntegrationBody): boolean {
  return (
    ibanKey(body.invoice.iban) !== ibanKey(saved.invoice.iban) ||
    ibanKey(body.invoice.qr_iban) !== ibanKey(saved.invoice.qr_iban) ||
    text(body.stripe.publishable_key) !== text(saved.stripe.publishable_key) ||
    text(body.stripe.account_id) !== text(saved.stripe.account_id) ||
    'secret_key' in body.stripe ||
    'webhook_secret' in body.stripe ||
    text(body.datatrans.merchant_id) !== text(saved.datatrans.merchant_id) ||
    body.datatrans.sandbox !== saved.datatrans.sandbox ||
    'password' in body.datatrans ||
    'hmac_key' in body.datatrans
  );
}

/**
 * Asks for the current password (and the two-factor code when the user has it on) before a
 * change of where the money goes is saved. The server's 422 on these fields shows here.
 */
export function ConfirmIdentityModal({
  opened,
  askCode,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  askCode: boolean;
  onClose: () => void;
  /** Resolves with the server's errors on current_password / totp_code, or null when saved. */
  onConfirm: (proof: IdentityProof) => Promise<Record<string, string[]> | null>;
}) {
  const { t } = useTranslation('sellingSettings');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [busy, setBusy] = useState(false);
  // Nothing typed survives a closed dialog.
  useEffect(() => {
    if (!opened) {
      setPassword('');
      setCode('');
      setErrors({});
    }
  }, [opened]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const proof: IdentityProof = { current_password: password };
      if (askCode) proof.totp_code = code.trim();
      setErrors((await onConfirm(proof)) ?? {});
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={t('integration.money.title')} centered returnFocus={false}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="md">
          <Text size="sm">{t('integration.money.intro')}</Text>
          <PasswordInput
            label={t('integration.money.password')}
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.current_password?.[0]}
            data-autofocus
            required
          />
          {askCode && (
            <TextInput
              label={t('integration.money.code')}
              description={t('integration.money.codeHint')}
              autoComplete="one-time-code"
              inputMode="text"
              value={code}
              onChange={(e) => setCode(e.currentTarget.value)}
              error={errors.totp_code?.[0]}
              required
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>
              {t('integration.money.cancel')}
            </Button>
            <Button type="submit" loading={busy}>
              {t('integration.money.confirm')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
