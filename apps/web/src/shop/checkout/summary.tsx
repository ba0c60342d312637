import type { CheckoutPaymentMethod } from '@bookla/shared/selling';
import { useShop, useTeamShop } from '../shop-context';
import { Field, FieldError, fieldId } from '../ui/field';
import type { Errors } from './model';

export interface Totals {
  subtotal: number;
  discount_total: number;
  tax_total: number | null;
  total: number;
  currency: string;
}

export function DiscountField({
  value,
  applied,
  error,
  busy,
  onChange,
  onApply,
  onRemove,
}: {
  value: string;
  applied: string | null;
  error: string | undefined;
  busy: boolean;
  onChange(v: string): void;
  onApply(): void;
  onRemove(): void;
}) {
  const { t } = useShop();
  return (
    <div className="discount">
      <Field path="discount_code" label={t('checkout.discount.label')} error={error}>
        {(p) => (
          <div className="inline">
            <input
              {...p}
              value={value}
              autoComplete="off"
              autoCapitalize="characters"
              onChange={(e) => onChange(e.target.value)}
              onKeyDown={(e) => {
                // Enter applies the code instead of sending the whole order.
                if (e.key === 'Enter') {
                  e.preventDefault();
                  if (value.trim()) onApply();
                }
              }}
            />
            <button
              type="button"
              className="button button-secondary"
              onClick={onApply}
              disabled={busy || !value.trim()}
              aria-busy={busy || undefined}
            >
              {t('checkout.discount.apply')}
            </button>
          </div>
        )}
      </Field>
      {applied && (
        <p className="success small" role="status">
          {t('checkout.discount.applied', { code: applied })}{' '}
          <button type="button" className="button button-link" onClick={onRemove}>
            {t('checkout.discount.remove')}
          </button>
        </p>
      )}
    </div>
  );
}

export function TotalsTable({
  totals,
  pending,
  covered,
}: {
  totals: Totals;
  pending: boolean;
  /** Seats paid with a membership: their label and amount, taken off (the total given is already without them). */
  covered?: { label: string; amount: number } | undefined;
}) {
  const { t, fmt, team } = useTeamShop();
  const m = (n: number) => fmt.money(n, totals.currency);
  return (
    <dl className="totals" aria-busy={pending || undefined}>
      <div>
        <dt>{t('checkout.totals.subtotal')}</dt>
        <dd>{m(totals.subtotal)}</dd>
      </div>
      {totals.discount_total > 0 && (
        <div>
          <dt>{t('checkout.totals.discount')}</dt>
          <dd>−{m(totals.discount_total)}</dd>
        </div>
      )}
      {covered && (
        <div>
          <dt>{covered.label}</dt>
          <dd>−{m(covered.amount)}</dd>
        </div>
      )}
      <div className="total">
        <dt>{t('checkout.totals.total')}</dt>
        <dd>{m(totals.total)}</dd>
      </div>
      {team.charges_vat && totals.tax_total !== null && totals.tax_total > 0 && (
        <div className="muted small">
          <dt>{t('checkout.totals.vat')}</dt>
          <dd>{m(totals.tax_total)}</dd>
        </div>
      )}
    </dl>
  );
}

export function PaymentChoice({
  choices,
  value,
  error,
  invoiceTooLate = false,
  onChange,
}: {
  choices: CheckoutPaymentMethod[];
  value: string;
  error: string | undefined;
  /** The team takes invoices, but this cart's first date is too soon to pay one (the server's quote left it out). */
  invoiceTooLate?: boolean;
  onChange(v: string): void;
}) {
  const { t } = useShop();
  const tooLate = invoiceTooLate && <p className="muted small">{t('checkout.payment.invoiceTooLate')}</p>;
  if (!choices.length)
    return (
      <>
        {tooLate}
        <p className="error" role="alert">
          {t('checkout.payment.none')}
        </p>
      </>
    );
  return (
    <fieldset
      className={error ? 'field field-invalid' : 'field'}
      aria-describedby={error ? `${fieldId('payment_method')}-error` : undefined}
    >
      <legend>{t('checkout.payment.title')}</legend>
      {choices.map((m, i) => (
        <label key={m} className="check radio-card">
          <input
            type="radio"
            name="payment_method"
            id={i === 0 ? fieldId('payment_method') : undefined}
            value={m}
            aria-invalid={error ? true : undefined}
            checked={value === m}
            onChange={() => onChange(m)}
          />
          <span>
            {t(`checkout.payment.${m}`)}
            <span className="muted small block">{t(`checkout.payment.${m}Hint`)}</span>
          </span>
        </label>
      ))}
      {tooLate}
      <FieldError id={`${fieldId('payment_method')}-error`} error={error} />
    </fieldset>
  );
}

export function TermsCheck({ checked, errors, onChange }: { checked: boolean; errors: Errors; onChange(v: boolean): void }) {
  const { t, team, lang } = useTeamShop();
  const error = errors.accept_terms;
  const id = fieldId('accept_terms');
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label className="check">
        <input
          type="checkbox"
          id={id}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          checked={checked}
          onChange={(e) => onChange(e.target.checked)}
        />
        <span>
          {t('checkout.terms.accept')}{' '}
          {team.terms_url && (
            <>
              <a href={team.terms_url} target="_blank" rel="noopener noreferrer">
                {t('checkout.terms.team', { name: team.name })}
              </a>
              {', '}
            </>
          )}
          <a href={`/${lang}/terms`} target="_blank" rel="noopener">
            {t('checkout.terms.platform')}
          </a>{' '}
          {t('checkout.terms.and')}{' '}
          <a href={`/${lang}/privacy`} target="_blank" rel="noopener">
            {t('checkout.terms.privacy')}
          </a>
        </span>
      </label>
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}
