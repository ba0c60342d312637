import { useState } from 'react';
import type { TestPaymentReply, TestSaveCard } from '@bookla/shared';
import { ApiError, request, shopApi } from './api';
import { Link, navigate } from './router';
import { useTeamShop } from './shop-context';
import { useSubscriptionsShop } from './subscriptions/texts';
import { LoadError, Loading, Notice } from './ui/states';
import { useFetch } from './use-fetch';
import { useTitle } from './use-title';

/**
 * `/{lang}/shop/{team}/test-payment/{paymentId}?token=…`: the team's test-mode payment page.
 * Nobody may mistake it for a real one: a big banner says no money moves.
 */
export function TestPaymentPage({ id, token }: { id: string; token: string }) {
  const { t, fmt, team } = useTeamShop();
  useTitle(t('testPayment.title'), team.name);
  const payment = useFetch(`test-payment:${id}:${token}`, (signal) => shopApi.testPayment(id, token, signal), { cache: false });
  const [sending, setSending] = useState<'pay' | 'decline' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [saveCard, setSaveCard] = useState<TestSaveCard | ''>('yes');

  const complete = async (outcome: 'pay' | 'decline') => {
    setSending(outcome);
    setFailure(null);
    try {
      // A monthly or yearly tier: the test card kept for renewals (the shop's first bundle stays as it is).
      const reply =
        payment.data?.can_save_card && saveCard
          ? await request<TestPaymentReply>(`/api/public/test-payments/${encodeURIComponent(id)}?token=${encodeURIComponent(token)}`, {
              method: 'POST',
              body: { outcome, save_card: saveCard },
            })
          : await shopApi.completeTestPayment(id, token, outcome);
      navigate(reply.order_url);
    } catch (e) {
      setSending(null);
      setFailure(e instanceof ApiError && e.body.message ? e.body.message : t('common.failed'));
    }
  };

  const p = payment.data;
  return (
    <section className="test-payment">
      <div className="test-banner" role="note">
        <strong>{t('testPayment.banner')}</strong>
        <span>{t('testPayment.bannerText')}</span>
      </div>
      <h1>{t('testPayment.title')}</h1>
      {!p ? (
        payment.error ? (
          <LoadError error={payment.error} onRetry={payment.reload} />
        ) : (
          <Loading />
        )
      ) : (
        <>
          <dl className="facts panel">
            <div>
              <dt>{t('testPayment.merchant')}</dt>
              <dd>{p.team_name}</dd>
            </div>
            <div>
              <dt>{t('testPayment.order')}</dt>
              <dd>{p.order_number}</dd>
            </div>
            <div>
              <dt>{t('testPayment.amount')}</dt>
              <dd className="amount">{fmt.money(p.amount, p.currency)}</dd>
            </div>
          </dl>
          {p.status === 'pending' && p.can_save_card && <SaveCardChoice value={saveCard} onChange={setSaveCard} />}
          {p.status === 'pending' ? (
            <div className="actions">
              <button
                type="button"
                className="button"
                disabled={!!sending}
                aria-busy={sending === 'pay' || undefined}
                onClick={() => complete('pay')}
              >
                {t('testPayment.pay', { amount: fmt.money(p.amount, p.currency) })}
              </button>
              <button
                type="button"
                className="button button-danger"
                disabled={!!sending}
                aria-busy={sending === 'decline' || undefined}
                onClick={() => complete('decline')}
              >
                {t('testPayment.decline')}
              </button>
            </div>
          ) : (
            <Notice title={t('testPayment.done')}>
              <p>
                <Link to={p.order_url}>{t('testPayment.toOrder')}</Link>
              </p>
            </Notice>
          )}
          {failure && <Notice tone="error" title={failure} />}
        </>
      )}
    </section>
  );
}

/** The test page's "save card for renewals": keep a test card whose renewals are paid, or declined, or none. */
function SaveCardChoice({ value, onChange }: { value: TestSaveCard | ''; onChange: (v: TestSaveCard | '') => void }) {
  const { t } = useSubscriptionsShop();
  const options: [TestSaveCard | '', string][] = [
    ['yes', t('subscriptions.testCard.yes')],
    ['declines', t('subscriptions.testCard.declines')],
    ['', t('subscriptions.testCard.no')],
  ];
  return (
    <fieldset className="panel">
      <legend>{t('subscriptions.testCard.legend')}</legend>
      {options.map(([v, label]) => (
        <label key={v || 'none'} className="radio">
          <input type="radio" name="save-card" value={v} checked={value === v} onChange={() => onChange(v)} /> {label}
        </label>
      ))}
    </fieldset>
  );
}
