import { useState } from 'react';
import { ApiError } from '../api';
import { reserve, type HeldReservation } from '../reservation';
import { useTeamShop } from '../shop-context';
import { Dialog } from '../ui/dialog';

/** The hold ran out: hold the same seats again, or go back. */
export function ExpiredDialog({
  reservation,
  onRenewed,
  onBack,
}: {
  reservation: HeldReservation;
  onRenewed(r: HeldReservation): void;
  onBack(): void;
}) {
  const { t, team } = useTeamShop();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const again = async () => {
    setBusy(true);
    setProblem(null);
    try {
      onRenewed(
        await reserve(
          team.id,
          reservation.activity_id,
          reservation.items.map((i) => ({ ticket_id: i.ticket_id, quantity: i.quantity })),
        ),
      );
    } catch (e) {
      setBusy(false);
      setProblem(
        e instanceof ApiError && e.status === 409
          ? t('checkout.soldOut')
          : e instanceof ApiError && e.body.message
            ? e.body.message
            : t('common.failed'),
      );
    }
  };
  return (
    <Dialog
      title={t('checkout.expired.title')}
      actions={
        <>
          <button type="button" className="button" onClick={again} disabled={busy} aria-busy={busy || undefined}>
            {t('checkout.expired.again')}
          </button>
          <button type="button" className="button button-secondary" onClick={onBack}>
            {t('checkout.backToActivity')}
          </button>
        </>
      }
    >
      <p>{t('checkout.expired.text')}</p>
      {problem && (
        <p className="error" role="alert">
          {problem}
        </p>
      )}
    </Dialog>
  );
}
