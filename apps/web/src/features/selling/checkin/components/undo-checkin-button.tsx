import { Button, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUndoCheckIn, type CheckinOutcome } from '../api/checkin-api';

/** Undoes a mistaken check-in; the new state (`undone`) goes to `onUndone`, a failure shows below. */
export function UndoCheckinButton({ code, onUndone }: { code: string; onUndone: (outcome: CheckinOutcome) => void }) {
  const { t } = useTranslation('checkin');
  const undo = useUndoCheckIn();
  return (
    <div>
      <Button variant="default" loading={undo.isPending} onClick={() => undo.mutate(code, { onSuccess: onUndone })}>
        {t('result.undo')}
      </Button>
      {undo.isError && (
        <Text c="red.9" mt="xs" role="alert">
          {t('result.undoFailed')}
        </Text>
      )}
    </div>
  );
}

/** Outcomes that can be undone: the ticket is checked in now. */
export const isCheckedIn = (outcome: CheckinOutcome | null): outcome is Extract<CheckinOutcome, { kind: 'checkedIn' | 'already' }> =>
  outcome?.kind === 'checkedIn' || outcome?.kind === 'already';
