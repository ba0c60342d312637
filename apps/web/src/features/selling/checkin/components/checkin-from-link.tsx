import { Anchor, Button, Group, Stack } from '@mantine/core';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../../../lib/language';
import { useCheckIn, type CheckinOutcome } from '../api/checkin-api';
import { CheckinResult } from './checkin-result';
import { isCheckedIn, UndoCheckinButton } from './undo-checkin-button';

/**
 * `/ticket/{code}/checkin`, what a ticket's QR code opens: checks the ticket in at once and shows
 * the result, with undo, and the way to the manual entry for the next ticket.
 */
export function CheckinFromLink({ code }: { code: string }) {
  const { t } = useTranslation('checkin');
  const lang = useLang();
  const [shown, setShown] = useState<{ outcome: CheckinOutcome; seq: number } | null>(null);
  const { mutate, isPending } = useCheckIn();
  const show = useCallback((outcome: CheckinOutcome) => setShown((prev) => ({ outcome, seq: (prev?.seq ?? 0) + 1 })), []);
  const run = useCallback(() => mutate(code, { onSuccess: show }), [mutate, code, show]);

  // Once per code: opening the page checks in, a re-render (or React's strict-mode rerun) does not.
  const started = useRef<string | null>(null);
  useEffect(() => {
    if (started.current === code) return;
    started.current = code;
    run();
  }, [code, run]);

  const outcome = shown?.outcome ?? null;
  const again = outcome?.kind === 'undone' || outcome?.kind === 'failed';
  return (
    <Stack gap="lg" maw={640}>
      <CheckinResult
        outcome={outcome}
        seq={shown?.seq}
        busy={isPending}
        actions={
          <Group gap="sm">
            {isCheckedIn(outcome) && <UndoCheckinButton code={code} onUndone={show} />}
            {again && (
              <Button onClick={run} loading={isPending}>
                {t('scan.again')}
              </Button>
            )}
          </Group>
        }
      />
      <Anchor component={Link} to={`/${lang}/ticket/checkin`}>
        {t('scan.manual')}
      </Anchor>
    </Stack>
  );
}
