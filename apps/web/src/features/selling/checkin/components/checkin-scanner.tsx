import { Button, Stack, TextInput } from '@mantine/core';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { extractTicketCode, useCheckIn, type CheckinOutcome } from '../api/checkin-api';
import { CheckinResult } from './checkin-result';
import { isCheckedIn, UndoCheckinButton } from './undo-checkin-button';

interface Shown {
  outcome: CheckinOutcome;
  code: string;
  seq: number;
}

/**
 * `/{lang}/ticket/checkin`: the door person types a code (or pastes a ticket's link) and presses
 * Enter; the result shows below, and the field is empty and focused again for the next ticket.
 */
export function CheckinScanner() {
  const { t } = useTranslation('checkin');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const checkIn = useCheckIn();

  const show = (outcome: CheckinOutcome, code: string) => setShown((prev) => ({ outcome, code, seq: (prev?.seq ?? 0) + 1 }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (checkIn.isPending) return;
    const code = extractTicketCode(value);
    if (!code) {
      setError(value.trim() ? t('scanner.invalid') : t('scanner.empty'));
      input.current?.focus();
      return;
    }
    setError(null);
    checkIn.mutate(code, {
      onSuccess: (outcome) => {
        show(outcome, code);
        setValue('');
        input.current?.focus();
      },
    });
  };

  return (
    <Stack gap="lg" maw={640}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm" align="flex-start">
          <TextInput
            ref={input}
            label={t('scanner.code')}
            description={t('scanner.codeHint')}
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              if (error) setError(null);
            }}
            error={error}
            autoFocus
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            enterKeyHint="go"
            size="md"
            w="100%"
          />
          <Button type="submit" size="md" loading={checkIn.isPending}>
            {t('scanner.submit')}
          </Button>
        </Stack>
      </form>
      <CheckinResult
        outcome={shown?.outcome ?? null}
        seq={shown?.seq}
        actions={
          shown &&
          isCheckedIn(shown.outcome) && (
            <UndoCheckinButton
              code={shown.code}
              onUndone={(outcome) => {
                show(outcome, shown.code);
                input.current?.focus();
              }}
            />
          )
        }
      />
    </Stack>
  );
}
