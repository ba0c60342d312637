import {
  bpToPercent,
  compactTranslated,
  CHECKOUT_PAYMENT_METHODS,
  parsePercentBp,
  validateVatId,
  type CheckoutPaymentMethod,
  type IntegrationSettings,
  type IntegrationSettingsBody,
  type Language,
  type Plan,
  type TaxRateSetting,
  type TaxSettings,
  type TaxSettingsBody,
} from '@bookla/shared';
import { compactIban, formatIban, ibanProblem, isQrIban } from '@bookla/shared/iban';
import type { Config } from '../../../config/env.ts';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { forbidden, validationError } from '../../../lib/app-error.ts';
import { dateLocaleOf, plainSpaces } from '../../../lib/date-locale.ts';
import { translate } from '../../../lib/i18n.ts';
import { renderMail } from '../../../lib/mail-layout.ts';
import { queueMail } from '../../../lib/mailer.ts';
import type { RateLimiter } from '../../../lib/rate-limit.ts';
import type { UserRow } from '../../../plugins/auth.ts';
import { confirmIdentity } from '../../auth/index.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import { platformDay } from '../../../lib/plan-day.ts';
import { openSecret, sealSecret } from '../../../lib/secret-box.ts';
import { invoicePossible } from './invoice-terms.ts';
import * as repo from './settings.repo.ts';
import type { SellingSettingsRow, SellingSettingsValues, TeamRow } from './settings.repo.ts';

/**
 * A team's selling settings: taxes (`/backend/config/tax`), payment integrations and shop branding
 * (`/backend/config/integration`), and what checkout and the public team call read of them.
 * Reading never writes: a team without a row has the defaults; the first save inserts it.
 */

export type SellingSettings = SellingSettingsRow;

const ns = 'selling-settings:validation';
type Fields = Record<string, string[]>;
const add = (fields: Fields, path: string, key: string) => (fields[path] ??= []).push(`${ns}.${key}`);

// ─── Reading ────────────────────────────────────────────────────────────────

/** The settings of a team that never saved any (the table's column defaults). */
export function defaultSellingSettings(teamId: number): SellingSettings {
  return {
    teamId,
    // Not registered for VAT until the team says so (issue 22 item 1).
    chargesVat: false,
    vatNumber: null,
    taxRates: [
      { rate_bp: 810, label: { de: 'Normalsatz', en: 'Standard rate', fr: 'Taux normal' } },
      { rate_bp: 260, label: { de: 'Reduzierter Satz', en: 'Reduced rate', fr: 'Taux réduit' } },
      { rate_bp: 380, label: { de: 'Beherbergung', en: 'Accommodation', fr: 'Hébergement' } },
      { rate_bp: 0, label: { de: 'Steuerfrei', en: 'Tax exempt', fr: 'Exonéré' } },
    ],
    defaultTaxRateBp: 810,
    invoiceEnabled: false,
    invoiceDueDays: 14,
    iban: null,
    qrIban: null,
    stripeEnabled: false,
    stripePublishableKey: null,
    stripeSecretKeyEnc: null,
    stripeWebhookSecretEnc: null,
    stripeAccountId: null,
    datatransEnabled: false,
    datatransMerchantId: null,
    datatransPasswordEnc: null,
    datatransHmacKeyEnc: null,
    datatransSandbox: true,
    testModeEnabled: false,
    isDemo: false,
    termsUrl: null,
    tier: 'payg',
    membershipGraceDays: 14,
    createdAt: new Date(0),
    updatedAt: new Date(0),
  };
}

/** The team's row, or the defaults when it has none (nothing is written). */
export async function getSellingSettings(db: DbOrTx, teamId: number): Promise<SellingSettings> {
  return (await repo.findSettings(db, teamId)) ?? defaultSellingSettings(teamId);
}

export interface CheckoutTeam {
  id: number;
  currency: string;
  languages: Language[];
  /** Decides the calendar days of an invoice's due date (issue 22 item 5). */
  timeZone: string;
  /** The platform plan in force on the sale's day (decides the platform fee; decision 031). */
  plan: Plan;
  settings: SellingSettings;
}

/**
 * The team as a checkout reads it (currency, languages, time zone, the platform plan in force on
 * `at`'s day in the platform's zone, selling settings), or undefined; one query.
 */
export async function getCheckoutTeam(db: DbOrTx, teamId: number, at: Date = new Date()): Promise<CheckoutTeam | undefined> {
  const row = await repo.findCheckoutTeam(db, teamId, platformDay(at));
  return row && { ...row, settings: row.settings ?? defaultSellingSettings(teamId) };
}

const SHOP_SLUG = /^[a-z0-9](?:[a-z0-9-]{1,58}[a-z0-9])$/i;

/** The team of a shop address (`/{lang}/shop/{ref}`): its id (digits) or its slug (case-insensitive). */
export async function findShopTeam(db: DbOrTx, ref: string): Promise<TeamRow | undefined> {
  if (/^\d{1,10}$/.test(ref)) {
    const id = Number(ref);
    return id >= 1 && id <= 2_147_483_647 ? repo.findTeam(db, id) : undefined;
  }
  return SHOP_SLUG.test(ref) ? repo.findTeamBySlug(db, ref) : undefined;
}

/**
 * The tax rate (basis points) of a new ticket or product sent without one: the team's default
 * rate, or 0 when the team charges no VAT.
 */
export async function defaultTaxRateBp(db: DbOrTx, teamId: number): Promise<number> {
  const settings = await getSellingSettings(db, teamId);
  return settings.chargesVat ? settings.defaultTaxRateBp : 0;
}

/** Whether a Stripe secret key is stored (the payment can be started at all). */
export const hasStripeSecret = (settings: Pick<SellingSettings, 'stripeSecretKeyEnc'>) => !!settings.stripeSecretKeyEnc;

/**
 * Whether test mode may be on: only while no live method (invoice, Stripe) is on — test tickets
 * beside real ones are how a shop sells tickets nobody pays — or for the seeded demo provider.
 */
export function testModeAllowed(
  settings: Pick<SellingSettings, 'invoiceEnabled' | 'stripeEnabled' | 'datatransEnabled' | 'isDemo'>,
): boolean {
  return settings.isDemo || (!settings.invoiceEnabled && !settings.stripeEnabled && !settings.datatransEnabled);
}

/** Whether Datatrans can take money: enabled, with merchant id, API password and webhook key stored. */
export const datatransReady = (
  s: Pick<SellingSettings, 'datatransEnabled' | 'datatransMerchantId' | 'datatransPasswordEnc' | 'datatransHmacKeyEnc'>,
) => s.datatransEnabled && !!s.datatransMerchantId && !!s.datatransPasswordEnc && !!s.datatransHmacKeyEnc;

/**
 * What a buyer may choose at checkout, in this order: `free` (always: for a total of 0),
 * `invoice` when enabled with an IBAN, `stripe` when enabled with a stored secret key (and the
 * caller's `stripeReady`, default true), `test` when the team's test mode is on and allowed
 * (no live method on, or the demo provider).
 */
export function enabledPaymentMethods(
  settings: Pick<
    SellingSettings,
    | 'invoiceEnabled'
    | 'iban'
    | 'stripeEnabled'
    | 'stripeSecretKeyEnc'
    | 'datatransEnabled'
    | 'datatransMerchantId'
    | 'datatransPasswordEnc'
    | 'datatransHmacKeyEnc'
    | 'testModeEnabled'
    | 'isDemo'
  >,
  options: { stripeReady?: boolean } = {},
): CheckoutPaymentMethod[] {
  const on: Record<CheckoutPaymentMethod, boolean> = {
    free: true,
    invoice: settings.invoiceEnabled && !!settings.iban,
    stripe: settings.stripeEnabled && hasStripeSecret(settings) && (options.stripeReady ?? true),
    datatrans: datatransReady(settings),
    test: settings.testModeEnabled && testModeAllowed(settings),
  };
  return CHECKOUT_PAYMENT_METHODS.filter((m) => on[m]);
}

/**
 * What a sale can be paid with now: the enabled methods (`enabledPaymentMethods`), without the
 * invoice when its first booked session is too soon to pay one before it (invoice-terms.ts).
 */
export function paymentMethodsFor(
  settings: Parameters<typeof enabledPaymentMethods>[0],
  sale: { firstSessionAt: Date | null; timeZone: string },
  now = new Date(),
): CheckoutPaymentMethod[] {
  const methods = enabledPaymentMethods(settings);
  return invoicePossible({ now, ...sale }) ? methods : methods.filter((m) => m !== 'invoice');
}

/** Whether anything that costs money can be paid at all: a method besides `free` is on (issue 22 item 2). */
export const takesPayments = (settings: Parameters<typeof enabledPaymentMethods>[0]) =>
  enabledPaymentMethods(settings).some((m) => m !== 'free');

export interface StripeCredentials {
  secretKey: string;
  webhookSecret: string | null;
  publishableKey: string | null;
  accountId: string | null;
}

/** The columns holding a sealed payment secret. */
export type SecretColumn = 'stripe_secret_key' | 'stripe_webhook_secret' | 'datatrans_password' | 'datatrans_hmac_key';

/** Additional data of each stored secret: a ciphertext opens only in its own team and column. */
const secretAad = (teamId: number, column: SecretColumn) => `team_selling_settings:${teamId}:${column}`;

const seal = (config: Pick<Config, 'sessionSecret'>, teamId: number, column: SecretColumn, plain: string) =>
  sealSecret(config.sessionSecret, 'payment-secrets', plain, secretAad(teamId, column));
const open = (config: Pick<Config, 'sessionSecret'>, teamId: number, column: SecretColumn, stored: string) =>
  openSecret(config.sessionSecret, 'payment-secrets', stored, secretAad(teamId, column));

export interface DatatransCredentials {
  merchantId: string;
  password: string;
  /** The webhook signing key (hex, as Datatrans shows it). */
  hmacKey: string;
  sandbox: boolean;
}

/** The team's Datatrans credentials, decrypted, or null when incomplete. Throws when a stored secret cannot be opened. */
export function datatransCredentials(
  config: Pick<Config, 'sessionSecret'>,
  settings: Pick<SellingSettings, 'teamId' | 'datatransMerchantId' | 'datatransPasswordEnc' | 'datatransHmacKeyEnc' | 'datatransSandbox'>,
): DatatransCredentials | null {
  if (!settings.datatransMerchantId || !settings.datatransPasswordEnc || !settings.datatransHmacKeyEnc) return null;
  return {
    merchantId: settings.datatransMerchantId,
    password: open(config, settings.teamId, 'datatrans_password', settings.datatransPasswordEnc),
    hmacKey: open(config, settings.teamId, 'datatrans_hmac_key', settings.datatransHmacKeyEnc),
    sandbox: settings.datatransSandbox,
  };
}

/**
 * The team's Stripe keys, decrypted, or null when no secret key is stored. Throws when a stored
 * secret cannot be opened (SESSION_SECRET changed, or the value was tampered with).
 */
export function stripeCredentials(
  config: Pick<Config, 'sessionSecret'>,
  settings: Pick<SellingSettings, 'teamId' | 'stripeSecretKeyEnc' | 'stripeWebhookSecretEnc' | 'stripePublishableKey' | 'stripeAccountId'>,
): StripeCredentials | null {
  if (!settings.stripeSecretKeyEnc) return null;
  return {
    secretKey: open(config, settings.teamId, 'stripe_secret_key', settings.stripeSecretKeyEnc),
    webhookSecret: settings.stripeWebhookSecretEnc
      ? open(config, settings.teamId, 'stripe_webhook_secret', settings.stripeWebhookSecretEnc)
      : null,
    publishableKey: settings.stripePublishableKey,
    accountId: settings.stripeAccountId,
  };
}

// ─── Taxes ──────────────────────────────────────────────────────────────────

function toTaxSettings(s: SellingSettings): TaxSettings {
  return {
    charges_vat: s.chargesVat,
    vat_number: s.vatNumber,
    rates: s.taxRates.map((r) => ({ rate: bpToPercent(r.rate_bp), label: r.label })),
    default_rate: bpToPercent(s.defaultTaxRateBp),
  };
}

export async function getTaxSettings(db: DbOrTx, teamId: number): Promise<TaxSettings> {
  return toTaxSettings(await getSellingSettings(db, teamId));
}

/**
 * Rates in percent ("8.1", "2,6") → basis points exactly, each once; the default one of them;
 * the VAT number checked offline for the billing country (and needed when VAT is charged).
 */
export async function saveTaxSettings(db: Db, team: Pick<TeamRow, 'id' | 'billingCountry'>, body: TaxSettingsBody): Promise<TaxSettings> {
  const fields: Fields = {};
  const rates: TaxRateSetting[] = [];
  const seen = new Set<number>();
  body.rates.forEach((r, i) => {
    const bp = parsePercentBp(r.rate);
    if (bp === null) return add(fields, `rates.${i}.rate`, 'rate');
    if (seen.has(bp)) return add(fields, `rates.${i}.rate`, 'rate_duplicate');
    seen.add(bp);
    rates.push({ rate_bp: bp, label: compactTranslated(r.label) });
  });
  const defaultBp = parsePercentBp(body.default_rate);
  if (defaultBp === null) add(fields, 'default_rate', 'rate');
  else if (!seen.has(defaultBp) && !Object.keys(fields).some((p) => p.startsWith('rates.'))) add(fields, 'default_rate', 'default_rate');

  let vatNumber: string | null = body.vat_number?.trim() || null;
  if (vatNumber) {
    const result = validateVatId(vatNumber, team.billingCountry);
    if (result.valid) vatNumber = result.normalized ?? vatNumber;
    else fields.vat_number = [`teams:validation.vat_${result.reason ?? 'format'}`];
  } else if (body.charges_vat) add(fields, 'vat_number', 'vat_number_required');

  if (Object.keys(fields).length) throw validationError(fields);
  const row = await repo.upsertSettings(db, team.id, {
    chargesVat: body.charges_vat,
    vatNumber,
    taxRates: rates,
    defaultTaxRateBp: defaultBp!,
  });
  return toTaxSettings(row);
}

/**
 * A new company registered for VAT (its choice or its VAT ID at sign-up, issue 22 item 1): it
 * charges VAT, and its documents carry the VAT ID. An unregistered one writes nothing: the
 * defaults charge no VAT.
 */
export async function startVatRegistration(db: DbOrTx, teamId: number, vatId: string): Promise<void> {
  await repo.upsertSettings(db, teamId, { chargesVat: true, vatNumber: vatId });
}

// ─── Integrations and branding ──────────────────────────────────────────────

/** Shop addresses a slug may not take: the app's own first path segments and words reserved for it. */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  'admin',
  'api',
  'app',
  'assets',
  'avatar',
  'backend',
  'bookla',
  'checkin',
  'checkout',
  'config',
  'customer',
  'customers',
  'dashboard',
  'de',
  'docs',
  'embed',
  'embed-js',
  'en',
  'error',
  'fr',
  'help',
  'login',
  'logout',
  'media',
  'order',
  'orders',
  'public',
  'register',
  'reset',
  'sanctum',
  'settings',
  'shop',
  'static',
  'support',
  'terms',
  'ticket',
  'tickets',
  'waitinglist',
  'webhooks',
  'www',
]);

const PUBLISHABLE_KEY = /^pk_(test|live)_[A-Za-z0-9]{8,}$/;
const SECRET_KEY = /^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=_-]{8,}$/;
const ACCOUNT_ID = /^acct_[A-Za-z0-9]{6,}$/;
/** Datatrans: a merchant id is 10 digits; the API password is printable; the HMAC key is hex (Datatrans shows 64 or 128 digits). */
const DATATRANS_MERCHANT_ID = /^\d{10}$/;
const DATATRANS_PASSWORD = /^[\x21-\x7e]{8,100}$/;
const DATATRANS_HMAC_KEY = /^(?:[0-9a-fA-F]{2}){16,128}$/;
const keyMode = (key: string) => (/_(test|live)_/.exec(key)?.[1] ?? null) as 'test' | 'live' | null;

export function toIntegrationSettings(
  config: Pick<Config, 'appUrl'>,
  s: SellingSettings,
  team: Pick<TeamRow, 'primaryColor' | 'slug'>,
  plan: Plan,
): IntegrationSettings {
  return {
    invoice: {
      enabled: s.invoiceEnabled,
      iban: s.iban ? formatIban(s.iban) : null,
      qr_iban: s.qrIban ? formatIban(s.qrIban) : null,
      due_days: s.invoiceDueDays,
    },
    stripe: {
      enabled: s.stripeEnabled,
      publishable_key: s.stripePublishableKey,
      secret_key_set: !!s.stripeSecretKeyEnc,
      webhook_secret_set: !!s.stripeWebhookSecretEnc,
      account_id: s.stripeAccountId,
      // Connect: the platform's endpoint (its secret is the platform's); a team's own account: its own endpoint.
      webhook_url: `${config.appUrl}/api/webhooks/stripe${s.stripeAccountId ? '' : `?team=${s.teamId}`}`,
    },
    datatrans: {
      enabled: s.datatransEnabled,
      merchant_id: s.datatransMerchantId,
      password_set: !!s.datatransPasswordEnc,
      hmac_key_set: !!s.datatransHmacKeyEnc,
      sandbox: s.datatransSandbox,
      webhook_url: `${config.appUrl}/api/webhooks/datatrans?team=${s.teamId}`,
    },
    test_mode: { enabled: s.testModeEnabled },
    terms_url: s.termsUrl,
    branding: { primary_color: team.primaryColor, slug: team.slug },
    // The platform plan in force today (the plan tab changes it; team_selling_settings.tier is no longer read).
    tier: plan,
  };
}

export async function getIntegrationSettings(db: DbOrTx, config: Pick<Config, 'appUrl'>, team: TeamRow): Promise<IntegrationSettings> {
  const [settings, plan] = await Promise.all([getSellingSettings(db, team.id), repo.findPlanOnDay(db, team.id, platformDay(new Date()))]);
  return toIntegrationSettings(config, settings, team, plan);
}

function httpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !!url.hostname;
  } catch {
    return false;
  }
}

export type SaveDeps = { db: Db; config: Config; limiter: RateLimiter };

/** Who saves: the user (re-confirmed for money fields), whether the role has `team.manage`, the client key (limits). */
export interface IntegrationEditor {
  user: UserRow;
  canManage: boolean;
  clientKey: string;
}

/** The fields that decide where a company's money goes; changing one needs team.manage, the password, and tells every owner. */
export const MONEY_FIELDS = [
  'iban',
  'qr_iban',
  'stripe_publishable_key',
  'stripe_secret_key',
  'stripe_webhook_secret',
  'stripe_account_id',
  'datatrans_merchant_id',
  'datatrans_password',
  'datatrans_hmac_key',
  'datatrans_sandbox',
] as const;
export type MoneyField = (typeof MONEY_FIELDS)[number];

/** Which money fields the values would change (secrets compared opened; an unreadable stored one counts as changed). */
function moneyFieldsChanged(config: Pick<Config, 'sessionSecret'>, current: SellingSettings, values: SellingSettingsValues): MoneyField[] {
  const out: MoneyField[] = [];
  const differs = <T>(next: T | undefined, now: T) => next !== undefined && (next ?? null) !== (now ?? null);
  if (differs(values.iban, current.iban)) out.push('iban');
  if (differs(values.qrIban, current.qrIban)) out.push('qr_iban');
  if (differs(values.stripePublishableKey, current.stripePublishableKey)) out.push('stripe_publishable_key');
  if (differs(values.stripeAccountId, current.stripeAccountId)) out.push('stripe_account_id');
  if (differs(values.datatransMerchantId, current.datatransMerchantId)) out.push('datatrans_merchant_id');
  if (differs(values.datatransSandbox, current.datatransSandbox)) out.push('datatrans_sandbox');
  const secretDiffers = (next: string | null | undefined, now: string | null, column: SecretColumn) => {
    if (next === undefined || next === now) return false;
    if (next === null || now === null) return next !== now;
    try {
      return open(config, current.teamId, column, next) !== open(config, current.teamId, column, now);
    } catch {
      return true;
    }
  };
  if (secretDiffers(values.stripeSecretKeyEnc, current.stripeSecretKeyEnc, 'stripe_secret_key')) out.push('stripe_secret_key');
  if (secretDiffers(values.stripeWebhookSecretEnc, current.stripeWebhookSecretEnc, 'stripe_webhook_secret'))
    out.push('stripe_webhook_secret');
  if (secretDiffers(values.datatransPasswordEnc, current.datatransPasswordEnc, 'datatrans_password')) out.push('datatrans_password');
  if (secretDiffers(values.datatransHmacKeyEnc, current.datatransHmacKeyEnc, 'datatrans_hmac_key')) out.push('datatrans_hmac_key');
  return out;
}

/** One mail per owner, in the owner's language: which fields changed, who, when — never a value. */
async function queueMoneySettingsMails(
  db: DbOrTx,
  config: Pick<Config, 'appName' | 'mailFrom'>,
  team: Pick<TeamRow, 'id' | 'name' | 'timeZone' | 'billingCountry'>,
  by: Pick<UserRow, 'firstname' | 'lastname' | 'email'>,
  changed: readonly MoneyField[],
  at: Date,
): Promise<void> {
  for (const owner of await repo.teamOwners(db, team.id)) {
    const lang = owner.language;
    // In English as the owner reads dates (profile), else as the team's country writes them (decision 021).
    const locale = dateLocaleOf(lang, team.billingCountry, owner.dateFormat);
    const when = plainSpaces(
      new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeStyle: 'short', timeZone: team.timeZone }).format(at),
    );
    const params = { team: team.name, who: `${by.firstname} ${by.lastname}`.trim(), email: by.email, when };
    const t = (key: string) => translate(lang, `selling-settings:money_changed.${key}`, params);
    const { html, text } = renderMail({
      lang,
      appName: config.appName,
      greeting: translate(lang, 'selling-settings:money_changed.greeting', { name: owner.firstname }),
      paragraphs: [
        t('intro'),
        changed.map((f) => `• ${translate(lang, `selling-settings:money_changed.fields.${f}`)}`).join('\n'),
        t('check'),
      ],
      footnote: t('footnote'),
    });
    await queueMail(db, config, {
      to: owner.email,
      subject: t('subject'),
      text,
      html,
      kind: 'money_settings_changed',
      language: lang,
      teamId: team.id,
    });
  }
}

/**
 * Saves the sections sent (each optional; what is not sent stays). IBANs are stored compact and
 * checked (mod 97; a QR-IBAN only in its own field); Stripe secrets are stored encrypted, an empty
 * string removes one, a missing key keeps it; a method can only be enabled with what it needs.
 */
export async function saveIntegrationSettings(
  deps: SaveDeps,
  team: TeamRow,
  body: IntegrationSettingsBody,
  who: IntegrationEditor,
): Promise<IntegrationSettings> {
  const { db, config } = deps;
  const current = await getSellingSettings(db, team.id);
  const fields: Fields = {};
  const values: SellingSettingsValues = {};

  if (body.invoice) {
    const iban = body.invoice.iban ? compactIban(body.invoice.iban) : null;
    const qrIban = body.invoice.qr_iban ? compactIban(body.invoice.qr_iban) : null;
    if (iban) {
      const problem = ibanProblem(iban);
      if (problem) add(fields, 'invoice.iban', `iban_${problem}`);
      else if (isQrIban(iban)) add(fields, 'invoice.iban', 'iban_is_qr');
    } else if (body.invoice.enabled) add(fields, 'invoice.iban', 'iban_required');
    if (qrIban) {
      const problem = ibanProblem(qrIban);
      if (problem) add(fields, 'invoice.qr_iban', `iban_${problem}`);
      else if (!isQrIban(qrIban)) add(fields, 'invoice.qr_iban', 'qr_iban');
    }
    Object.assign(values, { invoiceEnabled: body.invoice.enabled, iban, qrIban, invoiceDueDays: body.invoice.due_days });
  }

  if (body.stripe) {
    const s = body.stripe;
    const publishable = s.publishable_key?.trim() || null;
    if (publishable && !PUBLISHABLE_KEY.test(publishable)) add(fields, 'stripe.publishable_key', 'publishable_key');
    const accountId = s.account_id?.trim() || null;
    if (accountId && !ACCOUNT_ID.test(accountId)) add(fields, 'stripe.account_id', 'account_id');
    let secretEnc = current.stripeSecretKeyEnc;
    let secretMode: 'test' | 'live' | null = null;
    if (s.secret_key !== undefined) {
      if (s.secret_key === '') secretEnc = null;
      else if (!SECRET_KEY.test(s.secret_key)) add(fields, 'stripe.secret_key', 'secret_key');
      else {
        secretEnc = seal(config, team.id, 'stripe_secret_key', s.secret_key);
        secretMode = keyMode(s.secret_key);
      }
    } else if (secretEnc && publishable) {
      try {
        secretMode = keyMode(open(config, team.id, 'stripe_secret_key', secretEnc));
      } catch {
        // Unreadable (SESSION_SECRET changed): nothing to compare with; the user enters it anew.
      }
    }
    if (publishable && secretMode && keyMode(publishable) !== secretMode) add(fields, 'stripe.publishable_key', 'stripe_mode_mismatch');
    let webhookEnc = current.stripeWebhookSecretEnc;
    if (s.webhook_secret !== undefined) {
      if (s.webhook_secret === '') webhookEnc = null;
      else if (!WEBHOOK_SECRET.test(s.webhook_secret)) add(fields, 'stripe.webhook_secret', 'webhook_secret');
      else webhookEnc = seal(config, team.id, 'stripe_webhook_secret', s.webhook_secret);
    }
    if (s.enabled) {
      if (!secretEnc && !fields['stripe.secret_key']) add(fields, 'stripe.secret_key', 'secret_key_required');
      // With Connect the platform's secret verifies the events; a team's own account needs its own.
      if (!webhookEnc && !accountId && !fields['stripe.webhook_secret']) add(fields, 'stripe.webhook_secret', 'webhook_secret_required');
    }
    Object.assign(values, {
      stripeEnabled: s.enabled,
      stripePublishableKey: publishable,
      stripeSecretKeyEnc: secretEnc,
      stripeWebhookSecretEnc: webhookEnc,
      stripeAccountId: accountId,
    });
  }

  if (body.datatrans) {
    const d = body.datatrans;
    const merchantId = d.merchant_id?.trim() || null;
    if (merchantId && !DATATRANS_MERCHANT_ID.test(merchantId)) add(fields, 'datatrans.merchant_id', 'datatrans_merchant_id');
    const sealed = (given: string | undefined, now: string | null, pattern: RegExp, path: string, key: string, column: SecretColumn) => {
      if (given === undefined) return now;
      if (given === '') return null;
      if (!pattern.test(given)) {
        add(fields, path, key);
        return now;
      }
      return seal(config, team.id, column, given);
    };
    const passwordEnc = sealed(
      d.password,
      current.datatransPasswordEnc,
      DATATRANS_PASSWORD,
      'datatrans.password',
      'datatrans_password',
      'datatrans_password',
    );
    const hmacKeyEnc = sealed(
      d.hmac_key?.trim(),
      current.datatransHmacKeyEnc,
      DATATRANS_HMAC_KEY,
      'datatrans.hmac_key',
      'datatrans_hmac_key',
      'datatrans_hmac_key',
    );
    if (d.enabled) {
      if (!merchantId && !fields['datatrans.merchant_id']) add(fields, 'datatrans.merchant_id', 'datatrans_merchant_id_required');
      if (!passwordEnc && !fields['datatrans.password']) add(fields, 'datatrans.password', 'datatrans_password_required');
      if (!hmacKeyEnc && !fields['datatrans.hmac_key']) add(fields, 'datatrans.hmac_key', 'datatrans_hmac_key_required');
    }
    Object.assign(values, {
      datatransEnabled: d.enabled,
      datatransMerchantId: merchantId,
      datatransPasswordEnc: passwordEnc,
      datatransHmacKeyEnc: hmacKeyEnc,
      ...(d.sandbox !== undefined ? { datatransSandbox: d.sandbox } : {}),
    });
  }

  if (body.test_mode) values.testModeEnabled = body.test_mode.enabled;

  // Test mode and where the money goes are the company's own decisions (team.manage), not every editor's.
  const changed = moneyFieldsChanged(config, current, values);
  const testModeChanged = values.testModeEnabled !== undefined && values.testModeEnabled !== current.testModeEnabled;
  if ((changed.length || testModeChanged) && !who.canManage) throw forbidden();
  const next = { ...current, ...values };
  if (next.testModeEnabled && !testModeAllowed(next)) add(fields, 'test_mode.enabled', 'test_mode_beside_live');

  if (body.terms_url !== undefined) {
    const url = body.terms_url?.trim() || null;
    if (url && !httpUrl(url)) add(fields, 'terms_url', 'url');
    values.termsUrl = url;
  }

  const branding: { primaryColor?: string | null; slug?: string | null } = {};
  if (body.branding) {
    if (body.branding.primary_color !== undefined) branding.primaryColor = body.branding.primary_color?.toLowerCase() ?? null;
    if (body.branding.slug !== undefined) {
      const slug = body.branding.slug?.toLowerCase() ?? null;
      if (slug && /^\d+$/.test(slug)) add(fields, 'branding.slug', 'slug_numeric');
      else if (slug && RESERVED_SLUGS.has(slug)) add(fields, 'branding.slug', 'slug_reserved');
      else if (slug && (await repo.slugTaken(db, team.id, slug))) add(fields, 'branding.slug', 'slug_taken');
      branding.slug = slug;
    }
  }

  if (Object.keys(fields).length) throw validationError(fields);
  // Only a well-formed change costs an attempt: the password (and code) of the one making it.
  if (changed.length) await confirmIdentity(deps, who.user, { password: body.current_password, code: body.totp_code }, who.clientKey);
  try {
    const { row, teamRow } = await db.transaction(async (tx) => {
      const saved = Object.keys(values).length ? await repo.upsertSettings(tx, team.id, values) : await getSellingSettings(tx, team.id);
      await repo.updateBranding(tx, team.id, branding);
      // Every owner hears of it, in the same transaction as the change (the outbox sends it).
      if (changed.length) await queueMoneySettingsMails(tx, config, team, who.user, changed, new Date());
      return { row: saved, teamRow: (await repo.findTeam(tx, team.id))! };
    });
    return toIntegrationSettings(config, row, teamRow, await repo.findPlanOnDay(db, team.id, platformDay(new Date())));
  } catch (err) {
    // Two teams raced for the same slug past the check: the unique index decided.
    if (isUniqueViolation(err)) throw validationError({ 'branding.slug': [`${ns}.slug_taken`] });
    throw err;
  }
}
