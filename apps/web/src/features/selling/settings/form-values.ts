import { LANGUAGES } from '@bookla/shared/i18n';
import { formatIban } from '@bookla/shared/iban';
import type { IntegrationSettings, TaxSettings } from '@bookla/shared/selling';
import { toTranslatedForm } from '../../../components/form/translated-fields';

/** Form values of the tax and integration screens and the request bodies they send. */

// ---------------------------------------------------------------- taxes

export interface TaxRateValues {
  /** Percent as typed ("8.1", "2,6"); the server turns it into basis points exactly. */
  rate: string;
  /** Every language (only the team's are shown), so labels of other languages are kept. */
  label: Record<string, string>;
}

export interface TaxValues {
  charges_vat: boolean;
  vat_number: string;
  rates: TaxRateValues[];
  /** The index of the default rate in `rates` (a radio group's value). */
  default_rate: string;
}

export function taxToValues(s: TaxSettings): TaxValues {
  const index = s.rates.findIndex((r) => r.rate === s.default_rate);
  return {
    charges_vat: s.charges_vat,
    vat_number: s.vat_number ?? '',
    rates: s.rates.map((r) => ({ rate: String(r.rate), label: toTranslatedForm(r.label, LANGUAGES) })),
    default_rate: String(Math.max(0, index)),
  };
}

export const blankTaxRate = (): TaxRateValues => ({ rate: '', label: toTranslatedForm({}, LANGUAGES) });

/** The body of `PUT /api/config/tax`: the default sent as the rate its row holds. */
export function taxBody(v: TaxValues) {
  return {
    charges_vat: v.charges_vat,
    vat_number: v.vat_number.trim() || null,
    rates: v.rates.map((r) => ({ rate: r.rate.trim(), label: r.label })),
    default_rate: v.rates[Number(v.default_rate)]?.rate.trim() ?? '',
  };
}

// ---------------------------------------------------------------- integrations

/** A stored secret: kept (not sent), replaced by what is typed, or removed (sent as ""). */
export type SecretAction = 'keep' | 'replace' | 'remove';

/** Each provider's stored secrets, by field name (unique across providers), and the provider section holding it. */
export const SECRET_PROVIDER = {
  secret_key: 'stripe',
  webhook_secret: 'stripe',
  password: 'datatrans',
  hmac_key: 'datatrans',
} as const;
export type SecretName = keyof typeof SECRET_PROVIDER;
/** Where each secret's input lives in the form. */
export const SECRET_PATHS = {
  secret_key: 'stripe.secret_key',
  webhook_secret: 'stripe.webhook_secret',
  password: 'datatrans.password',
  hmac_key: 'datatrans.hmac_key',
} as const;

export interface IntegrationValues {
  invoice: { enabled: boolean; iban: string; qr_iban: string; due_days: number | '' };
  stripe: { enabled: boolean; publishable_key: string; secret_key: string; webhook_secret: string; account_id: string };
  datatrans: { enabled: boolean; merchant_id: string; password: string; hmac_key: string; sandbox: boolean };
  secrets: Record<SecretName, SecretAction>;
  test_mode: { enabled: boolean };
  terms_url: string;
  branding: { primary_color: string; slug: string };
}

/** Secrets are never sent to the browser: their inputs start empty, whatever is stored. */
export function integrationToValues(s: IntegrationSettings): IntegrationValues {
  return {
    invoice: { enabled: s.invoice.enabled, iban: s.invoice.iban ?? '', qr_iban: s.invoice.qr_iban ?? '', due_days: s.invoice.due_days },
    stripe: {
      enabled: s.stripe.enabled,
      publishable_key: s.stripe.publishable_key ?? '',
      secret_key: '',
      webhook_secret: '',
      account_id: s.stripe.account_id ?? '',
    },
    datatrans: {
      enabled: s.datatrans.enabled,
      merchant_id: s.datatrans.merchant_id ?? '',
      password: '',
      hmac_key: '',
      sandbox: s.datatrans.sandbox,
    },
    secrets: {
      secret_key: s.stripe.secret_key_set ? 'keep' : 'replace',
      webhook_secret: s.stripe.webhook_secret_set ? 'keep' : 'replace',
      password: s.datatrans.password_set ? 'keep' : 'replace',
      hmac_key: s.datatrans.hmac_key_set ? 'keep' : 'replace',
    },
    test_mode: { enabled: s.test_mode.enabled },
    terms_url: s.terms_url ?? '',
    branding: { primary_color: s.branding.primary_color ?? '', slug: s.branding.slug ?? '' },
  };
}

/** A secret's part of the body: absent to keep it, the typed value to replace it, "" to remove it. */
function secretPart(key: SecretName, v: IntegrationValues): Record<string, string> {
  const action = v.secrets[key];
  if (action === 'remove') return { [key]: '' };
  const section: Partial<Record<SecretName, string>> = v[SECRET_PROVIDER[key]];
  const typed = (section[key] ?? '').trim();
  return action === 'replace' && typed ? { [key]: typed } : {};
}

/** The body of `PUT /api/config/integration`: every section; the secrets only when they change. */
export function integrationBody(v: IntegrationValues) {
  const text = (value: string) => value.trim() || null;
  return {
    invoice: {
      enabled: v.invoice.enabled,
      iban: text(v.invoice.iban),
      qr_iban: text(v.invoice.qr_iban),
      due_days: v.invoice.due_days === '' ? 0 : v.invoice.due_days,
    },
    stripe: {
      enabled: v.stripe.enabled,
      publishable_key: text(v.stripe.publishable_key),
      account_id: text(v.stripe.account_id),
      ...secretPart('secret_key', v),
      ...secretPart('webhook_secret', v),
    },
    datatrans: {
      enabled: v.datatrans.enabled,
      merchant_id: text(v.datatrans.merchant_id),
      sandbox: v.datatrans.sandbox,
      ...secretPart('password', v),
      ...secretPart('hmac_key', v),
    },
    test_mode: { enabled: v.test_mode.enabled },
    terms_url: text(v.terms_url),
    branding: { primary_color: text(v.branding.primary_color), slug: text(v.branding.slug)?.toLowerCase() ?? null },
  };
}

export type IntegrationBody = ReturnType<typeof integrationBody>;

/** An IBAN as typed, shown in groups of four once the field is left. */
export const groupedIban = (value: string) => (value.trim() ? formatIban(value) : '');

/** The shop's address in a language: `/{lang}/shop/{slug or id}`. */
export const shopPath = (lang: string, teamId: number, slug: string | null) => `/${lang}/shop/${slug || teamId}`;
