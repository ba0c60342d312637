import type { CancellationMode, CancellationQuote, CancellationReply } from '@bookla/shared/customer-accounts';
import { useState } from 'react';
import { ApiError } from '../api';
import { useShop } from '../shop-context';
import { Dialog } from '../ui/dialog';
import './texts';

/**
 * Self-service cancellation: a button that opens a dialog with what cancelling now does (the
 * server's quote: refund and how, or no refund) and asks to confirm. The confirmation names the
 * terms it agreed to (`expect`); when they changed meanwhile the server refuses and the dialog
 * shows the new terms to confirm again.
 */
export function CancelBooking({
  number,
  quote: initial,
  confirm,
  onDone,
}: {
  number: number;
  quote: CancellationQuote;
  confirm(expect: CancellationMode): Promise<CancellationReply>;
  onDone(reply: CancellationReply): void;
}) {
  const { t } = useShop();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-secondary" onClick={() => setOpen(true)}>
        {t('account.cancel.action')}
      </button>
      {open && (
        <CancelDialog
          number={number}
          quote={initial}
          confirm={confirm}
          onClose={() => setOpen(false)}
          onDone={(reply) => {
            setOpen(false);
            onDone(reply);
          }}
        />
      )}
    </>
  );
}

export function CancelDialog({
  number,
  quote: initial,
  confirm,
  onClose,
  onDone,
}: {
  number: number;
  quote: CancellationQuote;
  confirm(expect: CancellationMode): Promise<CancellationReply>;
  onClose(): void;
  onDone(reply: CancellationReply): void;
}) {
  const { t, fmt } = useShop();
  const [quote, setQuote] = useState(initial);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const send = async () => {
    if (!quote.mode) return;
    setSending(true);
    setError(null);
    try {
      onDone(await confirm(quote.mode));
    } catch (err) {
      setSending(false);
      if (err instanceof ApiError) {
        const fresh = (err.body as { quote?: CancellationQuote }).quote;
        if (fresh) setQuote(fresh);
        setError(err.message);
      } else setError(t('common.offline'));
    }
  };

  const confirmLabel =
    quote.mode === 'refund'
      ? t('account.cancel.confirmRefund')
      : quote.mode === 'no_refund'
        ? t('account.cancel.confirmNoRefund')
        : t('account.cancel.confirm');
  return (
    <Dialog
      title={t('account.cancel.title', { number })}
      actions={
        <>
          <button type="button" className="button button-secondary" onClick={onClose} disabled={sending}>
            {t('account.cancel.keep')}
          </button>
          {quote.allowed && (
            <button type="button" className="button" onClick={() => void send()} disabled={sending} aria-busy={sending || undefined}>
              {sending ? t('common.sending') : confirmLabel}
            </button>
          )}
        </>
      }
    >
      <p>{quote.message}</p>
      {quote.allowed && quote.mode === 'refund' && (
        <p className="line">
          <strong>{t('account.cancel.refund')}</strong>
          <strong>{fmt.money(quote.refund, quote.currency)}</strong>
        </p>
      )}
      {quote.allowed && quote.mode === 'no_refund' && (
        <p className="line">
          <strong>{t('account.cancel.refund')}</strong>
          <strong>{t('account.cancel.noRefund')}</strong>
        </p>
      )}
      {quote.allowed && <p className="muted small">{t('account.cancel.final')}</p>}
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
    </Dialog>
  );
}
