import { EMAIL_PATTERN } from '@bookla/shared/booking-answers';
import { CHECKOUT_LIMITS } from '@bookla/shared/checkout-limits';
import type { OrderBody } from '@bookla/shared/selling';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { ApiError, newIdempotencyKey, shopApi } from '../api';
import { validationText } from '../i18n';
import { navigate } from '../router';
import { Field } from '../ui/field';
import { FIELD_PATH, paymentChoices, serverErrors, type Errors } from '../checkout/model';
import { PaymentChoice, TermsCheck } from '../checkout/summary';
import type { CustomerMe } from '../account/account-api';
import { periodText, type PublicTier } from './model';
import { useSubscriptionsShop } from './texts';

interface BuyDraft {
  firstname: string;
  lastname: string;
  email: string;
  payment: string;
  terms: boolean;
}

/**
 * The short checkout of one tier: who buys it, how it is paid, the terms. The order is placed
 * like a ticket order (payment page or order page next); the membership can be used once the
 * buyer's address is confirmed through the customer account.
 */
export function BuyForm({
  tier,
  subscriptionName,
  me,
  onCancel,
}: {
  tier: PublicTier;
  subscriptionName: string;
  me: CustomerMe | null | undefined;
  onCancel(): void;
}) {
  const { t, fmt, team, lang } = useSubscriptionsShop();
  const [draft, setDraft] = useState<BuyDraft>({ firstname: '', lastname: '', email: '', payment: '', terms: false });
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [focusTick, setFocusTick] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const attempt = useRef<{ body: string; key: string } | null>(null);
  const headingId = `buy-${tier.id}`;

  // Opened: the form's heading takes the focus (screen readers hear what opened).
  useEffect(() => heading.current?.focus(), []);
  // A logged-in customer finds their name and address filled in.
  useEffect(() => {
    if (me) setDraft((d) => (d.email || d.firstname ? d : { ...d, firstname: me.firstname, lastname: me.lastname, email: me.email }));
  }, [me]);
  useEffect(() => {
    if (focusTick) (formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ?? summaryRef.current)?.focus();
  }, [focusTick]);

  const choices = paymentChoices(team.payment_methods, tier.price);
  const payment = choices.includes(draft.payment as never) ? draft.payment : choices.length === 1 ? choices[0]! : '';
  const set = (patch: Partial<BuyDraft>, ...paths: string[]) => {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((er) => {
      const next = { ...er };
      for (const p of paths) delete next[p];
      return next;
    });
  };

  const validate = (): Errors => {
    const found: Errors = {};
    for (const name of ['firstname', 'lastname'] as const) {
      const v = draft[name].trim();
      if (!v) found[`customer.${name}`] = validationText(t, 'required');
      else if (v.length > CHECKOUT_LIMITS.name) found[`customer.${name}`] = validationText(t, `max_string|{"max":${CHECKOUT_LIMITS.name}}`);
    }
    const email = draft.email.trim();
    if (!email) found['customer.email'] = validationText(t, 'required');
    else if (email.length > CHECKOUT_LIMITS.email || !EMAIL_PATTERN.test(email)) found['customer.email'] = validationText(t, 'email');
    if (!choices.includes(payment as never)) found.payment_method = validationText(t, 'required');
    if (!draft.terms) found.accept_terms = t('checkout.termsRequired');
    return found;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending) return;
    const found = validate();
    setFailure(null);
    setErrors(found);
    if (Object.keys(found).length) {
      setFocusTick((n) => n + 1);
      return;
    }
    const body: OrderBody = {
      items: [{ subscription_tier_id: tier.id, quantity: 1 }],
      customer: {
        firstname: draft.firstname.trim(),
        lastname: draft.lastname.trim(),
        email: draft.email.trim(),
        phone: null,
        company: null,
      },
      participants: [],
      answers: {},
      payment_method: payment as OrderBody['payment_method'],
      language: lang,
      accept_terms: true,
    };
    const sent = JSON.stringify(body);
    if (attempt.current?.body !== sent) attempt.current = { body: sent, key: newIdempotencyKey() };
    setSending(true);
    try {
      const reply = await shopApi.placeOrder(team.id, body, attempt.current.key);
      navigate(reply.payment_url ?? reply.order_url);
    } catch (err) {
      setSending(false);
      if (!(err instanceof ApiError)) setFailure(t('common.offline'));
      else if (err.status === 422) {
        setErrors(serverErrors(err.body.errors));
        setFailure(err.body.message ?? null);
        setFocusTick((n) => n + 1);
      } else setFailure(err.body.message ?? t('common.failed'));
    }
  };

  const errorCount = Object.keys(errors).length;
  const loose = Object.entries(errors).filter(([path]) => !FIELD_PATH.test(path));
  const input = (name: 'firstname' | 'lastname' | 'email', autoComplete: string) => (
    <Field path={`customer.${name}`} label={t(`checkout.customer.${name}`)} error={errors[`customer.${name}`]} required>
      {(p) => (
        <input
          {...p}
          type={name === 'email' ? 'email' : 'text'}
          autoComplete={autoComplete}
          value={draft[name]}
          onChange={(e) => set({ [name]: e.target.value }, `customer.${name}`)}
        />
      )}
    </Field>
  );

  return (
    <section className="panel buy-form" aria-labelledby={headingId}>
      <h3 id={headingId} ref={heading} tabIndex={-1}>
        {t('subscriptions.buy.title', { name: `${subscriptionName} – ${tier.name}` })}
      </h3>
      <p className="line">
        <span>{periodText(t, tier)}</span>
        <strong>{fmt.money(tier.price, tier.currency)}</strong>
      </p>
      <p className="small">{t('subscriptions.buy.confirmNote')}</p>
      <form ref={formRef} noValidate onSubmit={submit} aria-describedby={errorCount || failure ? `${headingId}-problems` : undefined}>
        {(errorCount > 0 || failure) && (
          <div ref={summaryRef} id={`${headingId}-problems`} tabIndex={-1} className="notice notice-error" role="alert">
            <p className="notice-title">{failure ?? t('checkout.fixErrors', { count: errorCount })}</p>
            {loose.length > 0 && (
              <ul>
                {loose.map(([path, message]) => (
                  <li key={path}>{message}</li>
                ))}
              </ul>
            )}
          </div>
        )}
        <div className="grid-2">
          {input('firstname', 'given-name')}
          {input('lastname', 'family-name')}
          {input('email', 'email')}
        </div>
        <PaymentChoice
          choices={choices}
          value={payment}
          error={errors.payment_method}
          onChange={(v) => set({ payment: v }, 'payment_method')}
        />
        <TermsCheck checked={draft.terms} errors={errors} onChange={(v) => set({ terms: v }, 'accept_terms')} />
        <div className="actions">
          <button type="submit" className="button" disabled={sending || !choices.length} aria-busy={sending || undefined}>
            {sending ? t('common.sending') : tier.price > 0 ? t('checkout.submitPay') : t('subscriptions.buy.submitFree')}
          </button>
          <button type="button" className="button button-secondary" onClick={onCancel} disabled={sending}>
            {t('subscriptions.buy.cancel')}
          </button>
        </div>
      </form>
    </section>
  );
}
