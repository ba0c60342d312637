import { API_TOKEN_SCOPES, type ApiToken, type ApiTokenScope } from '@bookla/shared/api-tokens';
import { Alert, Badge, Button, Checkbox, Code, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../../lib/api-client';
import { confirm } from '../../../../lib/confirm';
import { formatDateTime } from '../../../../lib/format';
import { useLang } from '../../../../lib/language';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { CopyButton } from '../components/integration-fields';
import { useApiTokenActions, useApiTokens } from './api-tokens-api';

/**
 * "API tokens" on `/backend/config/integration` (CONTRACT §8; owners and admins): the list with
 * scopes and last use, a new token (its secret shown once, with a copy button), and revoking.
 */
export function ApiTokensSection() {
  const { t } = useTranslation('sellingSettings');
  const tokens = useApiTokens();
  const [secret, setSecret] = useState<string | null>(null);
  if (tokens.isError && isApiError(tokens.error, 403)) return null;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="api-tokens-title">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4" id="api-tokens-title">
            {t('api_tokens.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('api_tokens.intro')}
          </Text>
        </div>
        {secret && (
          <Alert
            color="yellow"
            title={t('api_tokens.secret_title')}
            withCloseButton
            onClose={() => setSecret(null)}
            closeButtonLabel={t('api_tokens.secret_done')}
          >
            <Stack gap="xs">
              <Text size="sm">{t('api_tokens.secret_once')}</Text>
              <Group gap="xs" wrap="nowrap">
                <Code style={{ wordBreak: 'break-all' }} data-testid="api-token-secret">
                  {secret}
                </Code>
                <CopyButton value={secret} label={t('api_tokens.copy')} />
              </Group>
            </Stack>
          </Alert>
        )}
        {tokens.data && !tokens.data.length && <Text size="sm">{t('api_tokens.none')}</Text>}
        {!!tokens.data?.length && (
          <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label={t('api_tokens.list')}>
            {tokens.data.map((token) => (
              <TokenRow key={token.id} token={token} />
            ))}
          </Stack>
        )}
        <NewToken onSecret={setSecret} />
      </Stack>
    </Paper>
  );
}

function TokenRow({ token }: { token: ApiToken }) {
  const { t } = useTranslation('sellingSettings');
  const lang = useLang();
  const { revoke } = useApiTokenActions();
  const onRevoke = async () => {
    const ok = await confirm({
      title: t('api_tokens.revoke_title', { name: token.name }),
      message: t('api_tokens.revoke_message'),
      confirmLabel: t('api_tokens.revoke'),
      danger: true,
    });
    if (!ok) return;
    try {
      const reply = await revoke.mutateAsync(token.id);
      notifySuccess(reply.message);
    } catch (error) {
      notifyError(error);
    }
  };
  return (
    <Paper component="li" withBorder p="sm">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 14rem' }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} style={{ wordBreak: 'break-word' }}>
              {token.name}
            </Text>
            <Code>{token.hint}</Code>
          </Group>
          <Group gap={4} wrap="wrap" aria-label={t('api_tokens.scopes')}>
            {token.scopes.map((s) => (
              <Badge key={s} variant="light" size="sm">
                {t(`api_tokens.scope.${s}`)}
              </Badge>
            ))}
          </Group>
          <Text size="xs" c="dimmed">
            {t('api_tokens.created', { at: formatDateTime(token.created_at, lang), by: token.created_by ?? '–' })}
            {' · '}
            {token.last_used_at
              ? t('api_tokens.last_used', { at: formatDateTime(token.last_used_at, lang), from: token.last_used_from ?? '–' })
              : t('api_tokens.never_used')}
          </Text>
        </Stack>
        <Button
          variant="subtle"
          color="red"
          size="sm"
          onClick={() => void onRevoke()}
          loading={revoke.isPending}
          aria-label={t('api_tokens.revoke_named', { name: token.name })}
        >
          {t('api_tokens.revoke')}
        </Button>
      </Group>
    </Paper>
  );
}

function NewToken({ onSecret }: { onSecret: (secret: string) => void }) {
  const { t } = useTranslation('sellingSettings');
  const { create } = useApiTokenActions();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiTokenScope[]>(['read']);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const submit = async () => {
    setErrors({});
    try {
      const created = await create.mutateAsync({ name, scopes });
      onSecret(created.token);
      setName('');
      notifySuccess(t('api_tokens.created_toast'));
    } catch (error) {
      if (isApiError(error, 422)) setErrors(error.errors ?? {});
      else notifyError(error);
    }
  };
  const scopeError = Object.entries(errors).find(([k]) => k === 'scopes' || k.startsWith('scopes.'))?.[1][0];
  return (
    <Stack gap="sm" component="form" onSubmit={(e) => (e.preventDefault(), void submit())}>
      <Title order={3} size="h5">
        {t('api_tokens.add')}
      </Title>
      <TextInput
        label={t('api_tokens.name')}
        description={t('api_tokens.name_help')}
        value={name}
        onChange={(e) => setName(e.currentTarget.value)}
        error={errors.name?.[0]}
        maxLength={100}
        required
      />
      <Checkbox.Group
        label={t('api_tokens.scopes')}
        value={scopes}
        onChange={(v) => setScopes(v as ApiTokenScope[])}
        error={scopeError}
        required
      >
        <Stack gap={6} mt={6}>
          {API_TOKEN_SCOPES.map((s) => (
            <Checkbox key={s} value={s} label={t(`api_tokens.scope.${s}`)} description={t(`api_tokens.scope_help.${s}`)} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Group>
        <Button type="submit" loading={create.isPending} disabled={!name.trim() || !scopes.length}>
          {t('api_tokens.add_submit')}
        </Button>
      </Group>
    </Stack>
  );
}
