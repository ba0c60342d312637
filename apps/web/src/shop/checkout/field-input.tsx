import { ADDRESS_PARTS } from '@bookla/shared/booking-answers';
import type { PublicBookingField } from '@bookla/shared/catalogue-tickets';
import { useShop } from '../shop-context';
import { Field, FieldError, fieldId } from '../ui/field';
import type { Errors } from './model';

/** Countries offered for an address answer (ISO codes, named in the page's language). */
const COUNTRIES = [
  'CH',
  'LI',
  'DE',
  'AT',
  'FR',
  'IT',
  'BE',
  'NL',
  'LU',
  'ES',
  'PT',
  'GB',
  'IE',
  'DK',
  'SE',
  'NO',
  'FI',
  'PL',
  'CZ',
  'US',
  'CA',
];

function countryName(code: string, lang: string) {
  try {
    return new Intl.DisplayNames([lang], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

const text = (v: unknown) => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

interface Props {
  field: PublicBookingField;
  /** The form path of the answer: `answers.12` or `participants.0.answers.12`. */
  path: string;
  value: unknown;
  errors: Errors;
  onChange(value: unknown): void;
}

/** One booking field, rendered by its type. */
export function BookingFieldInput({ field, path, value, errors, onChange }: Props) {
  const { t, lang, team } = useShop();
  const error = errors[path];
  const help = field.help || undefined;
  switch (field.type) {
    case 'textarea':
      return (
        <Field path={path} label={field.label} error={error} help={help} required={field.required}>
          {(p) => <textarea {...p} rows={3} value={text(value)} onChange={(e) => onChange(e.target.value)} />}
        </Field>
      );
    case 'select':
      return (
        <Field path={path} label={field.label} error={error} help={help} required={field.required}>
          {(p) => (
            <select {...p} value={text(value)} onChange={(e) => onChange(e.target.value)}>
              <option value="">{t('checkout.choose')}</option>
              {field.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          )}
        </Field>
      );
    case 'multiselect': {
      const chosen = Array.isArray(value) ? (value as string[]) : [];
      return (
        <fieldset className={error ? 'field field-invalid' : 'field'} aria-describedby={error ? `${fieldId(path)}-error` : undefined}>
          <legend>
            {field.label}
            {field.required && (
              <span className="required" aria-hidden="true">
                {' '}
                *
              </span>
            )}
          </legend>
          {help && <p className="help">{help}</p>}
          {field.options.map((o, i) => (
            <label key={o.value} className="check">
              <input
                type="checkbox"
                id={i === 0 ? fieldId(path) : undefined}
                aria-invalid={error ? true : undefined}
                checked={chosen.includes(o.value)}
                onChange={(e) => onChange(e.target.checked ? [...chosen, o.value] : chosen.filter((v) => v !== o.value))}
              />
              {o.label}
            </label>
          ))}
          <FieldError id={`${fieldId(path)}-error`} error={error} />
        </fieldset>
      );
    }
    case 'checkbox':
      return (
        <div className={error ? 'field field-invalid' : 'field'}>
          <label className="check">
            <input
              type="checkbox"
              id={fieldId(path)}
              aria-invalid={error ? true : undefined}
              aria-required={field.required || undefined}
              aria-describedby={error ? `${fieldId(path)}-error` : undefined}
              checked={value === true}
              onChange={(e) => onChange(e.target.checked)}
            />
            {field.label}
            {field.required && (
              <span className="required" aria-hidden="true">
                {' '}
                *
              </span>
            )}
          </label>
          {help && <p className="help">{help}</p>}
          <FieldError id={`${fieldId(path)}-error`} error={error} />
        </div>
      );
    case 'address': {
      const address = (value && typeof value === 'object' && !Array.isArray(value) ? value : {}) as Record<string, string>;
      const set = (part: string, v: string) => onChange({ ...address, [part]: v });
      return (
        <fieldset className={error ? 'field field-invalid address' : 'field address'}>
          <legend>
            {field.label}
            {field.required && (
              <span className="required" aria-hidden="true">
                {' '}
                *
              </span>
            )}
          </legend>
          {help && <p className="help">{help}</p>}
          <FieldError id={`${fieldId(path)}-error`} error={error} />
          {ADDRESS_PARTS.map((part) => (
            <Field key={part} path={`${path}.${part}`} label={t(`address.${part}`)} error={errors[`${path}.${part}`]}>
              {(p) =>
                part === 'country' ? (
                  <select {...p} value={address.country ?? ''} onChange={(e) => set(part, e.target.value)}>
                    <option value="">{t('checkout.choose')}</option>
                    {[...new Set([team?.country ?? 'CH', ...COUNTRIES])].map((c) => (
                      <option key={c} value={c}>
                        {countryName(c, lang)}
                      </option>
                    ))}
                  </select>
                ) : (
                  <input
                    {...p}
                    // A whole-address error marks the first part, so focus can land on it.
                    aria-invalid={p['aria-invalid'] ?? (error && part === 'street' ? true : undefined)}
                    autoComplete={part === 'street' ? 'street-address' : part === 'postal_code' ? 'postal-code' : 'address-level2'}
                    value={address[part] ?? ''}
                    onChange={(e) => set(part, e.target.value)}
                  />
                )
              }
            </Field>
          ))}
        </fieldset>
      );
    }
    default: {
      const type = field.type === 'phone' ? 'tel' : field.type === 'number' ? 'text' : field.type;
      return (
        <Field path={path} label={field.label} error={error} help={help} required={field.required}>
          {(p) => (
            <input
              {...p}
              type={type}
              inputMode={field.type === 'number' ? 'decimal' : undefined}
              autoComplete={field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : undefined}
              value={text(value)}
              onChange={(e) => onChange(e.target.value)}
            />
          )}
        </Field>
      );
    }
  }
}
