import { visibleFields } from '@bookla/shared/booking-answers';
import type { PublicBookingField } from '@bookla/shared/catalogue-tickets';
import type { ReactNode } from 'react';
import { useShop } from '../shop-context';
import { Field } from '../ui/field';
import { Stepper } from '../ui/stepper';
import { BookingFieldInput } from './field-input';
import { productMax, SALUTATIONS, type CustomerDraft, type Errors, type ParticipantDraft, type ProductLine } from './model';

export function CustomerSection({
  customer,
  errors,
  onChange,
}: {
  customer: CustomerDraft;
  errors: Errors;
  onChange(patch: Partial<CustomerDraft>): void;
}) {
  const { t } = useShop();
  const input = (name: keyof CustomerDraft, autoComplete: string, type = 'text', required = false) => (
    <Field path={`customer.${name}`} label={t(`checkout.customer.${name}`)} error={errors[`customer.${name}`]} required={required}>
      {(p) => (
        <input
          {...p}
          type={type}
          autoComplete={autoComplete}
          value={customer[name]}
          onChange={(e) => onChange({ [name]: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <section aria-labelledby="customer-heading" className="panel">
      <h2 id="customer-heading">{t('checkout.customer.title')}</h2>
      <div className="grid-2">
        <Field path="customer.salutation" label={t('checkout.customer.salutation')} error={errors['customer.salutation']}>
          {(p) => (
            <select
              {...p}
              autoComplete="honorific-prefix"
              value={customer.salutation}
              onChange={(e) => onChange({ salutation: e.target.value })}
            >
              <option value="">{t('checkout.customer.noSalutation')}</option>
              {SALUTATIONS.map((s) => (
                <option key={s} value={s}>
                  {t(`checkout.salutations.${s}`)}
                </option>
              ))}
            </select>
          )}
        </Field>
        {input('company', 'organization')}
        {input('firstname', 'given-name', 'text', true)}
        {input('lastname', 'family-name', 'text', true)}
        {input('email', 'email', 'email', true)}
        {input('phone', 'tel', 'tel')}
      </div>
    </section>
  );
}

interface ParticipantProps {
  index: number;
  ticketName: string;
  participant: ParticipantDraft;
  /** The participant's own fields (conditions may point at order fields: `orderFields`/`orderAnswers`). */
  fields: readonly PublicBookingField[];
  orderFields: readonly PublicBookingField[];
  orderAnswers: Record<string, unknown>;
  products: ProductLine[];
  quantity(line: ProductLine): number;
  errors: Errors;
  onChange(patch: Partial<ParticipantDraft>): void;
  onAnswer(fieldId: number, value: unknown): void;
  onProduct(line: ProductLine, quantity: number): void;
  onSameAsCustomer?: () => void;
  /** Shown below the names (the "use my membership" choice). */
  extra?: ReactNode;
}

/** One seat's participant: names, optional e-mail, the per-participant fields and products. */
export function ParticipantBlock(props: ParticipantProps) {
  const { t, fmt } = useShop();
  const { index, participant: p, errors } = props;
  const path = `participants.${index}`;
  const merged = { ...props.orderAnswers, ...p.answers };
  const own = new Set(props.fields.map((f) => f.id));
  const shown = visibleFields([...props.orderFields, ...props.fields], merged).filter((f) => own.has(f.id));
  const input = (name: 'firstname' | 'lastname' | 'email', autoComplete: string, required: boolean) => (
    <Field path={`${path}.${name}`} label={t(`checkout.participant.${name}`)} error={errors[`${path}.${name}`]} required={required}>
      {(c) => (
        <input
          {...c}
          type={name === 'email' ? 'email' : 'text'}
          autoComplete={autoComplete}
          value={p[name]}
          onChange={(e) => props.onChange({ [name]: e.target.value })}
        />
      )}
    </Field>
  );
  return (
    <fieldset className="panel participant">
      <legend>
        {t('checkout.participant.title', { n: index + 1 })} <span className="muted small">· {props.ticketName}</span>
      </legend>
      {props.onSameAsCustomer && (
        <button type="button" className="button button-link" onClick={props.onSameAsCustomer}>
          {t('checkout.participant.sameAsCustomer')}
        </button>
      )}
      <div className="grid-2">
        {input('firstname', 'off', true)}
        {input('lastname', 'off', true)}
        {input('email', 'off', false)}
      </div>
      {props.extra}
      {shown.map((f) => (
        <BookingFieldInput
          key={f.id}
          field={f}
          path={`${path}.answers.${f.id}`}
          value={p.answers[String(f.id)]}
          errors={errors}
          onChange={(v) => props.onAnswer(f.id, v)}
        />
      ))}
      {props.products.length > 0 && (
        <div className="products">
          <h3 className="small-heading">{t('checkout.products.forParticipant')}</h3>
          {props.products.map((line) => (
            <ProductRow
              key={line.key}
              line={line}
              quantity={props.quantity(line)}
              onChange={(n) => props.onProduct(line, n)}
              money={fmt.money}
            />
          ))}
        </div>
      )}
    </fieldset>
  );
}

export function ProductRow({
  line,
  quantity,
  onChange,
  money,
}: {
  line: ProductLine;
  quantity: number;
  onChange(n: number): void;
  money(a: number, c: string): string;
}) {
  const { t } = useShop();
  const p = line.product;
  const max = productMax(p);
  return (
    <div className="product-row">
      <div>
        <span>{p.name}</span> <strong className="price">{money(p.price, p.currency)}</strong>
        {p.description && <p className="muted small">{p.description}</p>}
        {p.stock_available === 0 && <span className="badge badge-muted">{t('availability.soldOut')}</span>}
      </div>
      <Stepper
        value={quantity}
        min={Math.max(1, p.min_per_order)}
        max={max}
        allowZero={p.min_per_order === 0}
        label={t('activity.quantityOf', { name: p.name })}
        lessLabel={t('activity.less', { name: p.name })}
        moreLabel={t('activity.more', { name: p.name })}
        onChange={onChange}
      />
    </div>
  );
}
