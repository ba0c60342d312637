import { monthSchema, type PlatformStatementResult } from '@bookla/shared/platform';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePlatformActions } from '../api/platform-api';
import { previousMonth } from '../month';

/**
 * "Run statements": creates a month's missing invoices now (the monthly job does the same on the
 * 1st). Default the previous month; the result ("3 created, 2 existing") stays beside the button.
 */
export function RunStatements() {
  const { t } = useTranslation('platform');
  const id = useId();
  const { runStatements } = usePlatformActions();
  const [month, setMonth] = useState(() => previousMonth());
  const [invalid, setInvalid] = useState(false);
  const [result, setResult] = useState<PlatformStatementResult | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!monthSchema.safeParse(month).success) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    setResult(null);
    try {
      const reply = await runStatements.mutateAsync(month);
      setResult(reply);
      notifySuccess(t('statements.result', { created: reply.created, existing: reply.existing }), t('statements.title'));
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${id}-title`}>
      <Stack gap="sm">
        <div>
          <Title order={2} size="h4" id={`${id}-title`}>
            {t('statements.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('statements.text')}
          </Text>
        </div>
        <form onSubmit={(e) => void submit(e)} noValidate>
          <Group align="flex-end" gap="sm" wrap="wrap">
            {/* A native month field: a picker where the browser has one, YYYY-MM as text elsewhere. */}
            <TextInput
              type="month"
              label={t('statements.month')}
              description={t('statements.monthHint')}
              placeholder="YYYY-MM"
              value={month}
              onChange={(e) => setMonth(e.currentTarget.value)}
              error={invalid ? t('statements.monthInvalid') : undefined}
              required
              w={220}
            />
            <Button type="submit" loading={runStatements.isPending}>
              {t('statements.run')}
            </Button>
          </Group>
        </form>
        <Text size="sm" fw={500} aria-live="polite" data-testid="statements-result">
          {result ? t('statements.result', { created: result.created, existing: result.existing }) : ''}
        </Text>
      </Stack>
    </Paper>
  );
}
