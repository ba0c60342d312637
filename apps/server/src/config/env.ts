import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';
import { compactIban, isValidIban } from '@bookla/shared/iban';
import { storageFromEnv, type StorageLocation } from './storage-url.ts';

/** Environment → typed, validated configuration (CONTRACT §1). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  APP_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  /** CONTRACT §7: file:///path or s3://bucket?… (checked in loadConfig, with the S3 credentials). */
  STORAGE_URL: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must start with postgres://')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//)
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//)
    .optional(),
  MAIL_FROM: z.string().min(3).optional(),
  SESSION_SECRET: z.string().min(32).optional(),
  STRIPE_CONNECT_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_[A-Za-z0-9+/=_-]{8,}$/, 'STRIPE_CONNECT_WEBHOOK_SECRET must be a Stripe webhook secret (whsec_…)')
    .optional(),
  /** bexio (CONTRACT §6): the API token pushes platform invoices to the platform's own bookkeeping; unset: nothing is pushed. */
  BEXIO_API_TOKEN: z.string().min(8).optional(),
  BEXIO_API_URL: z.url().default('https://api.bexio.com'),
  INTERNAL_STAFF_DOMAINS: z.string().default('bookla.ch,bookla.com'),
  APP_NAME: z.string().min(1).default('Bookla'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
  /** PDF rendering (features/selling/documents): worker threads, waiting renders past which 503, cache on/off. */
  PDF_WORKERS: z.coerce.number().int().min(1).max(64).optional(),
  PDF_QUEUE: z.coerce.number().int().min(0).max(10_000).default(16),
  PDF_CACHE: z.enum(['on', 'off']).default('on'),
  DATABASE_POOL_MODE: z.enum(['session', 'transaction']).default('session'),
  MAX_PARTICIPANTS_PER_ORDER: z.coerce.number().int().min(1).max(1000).default(100),
  /** End-to-end tests only: routes that run periodic work at a given moment (never on in production). */
  TEST_HOOKS: z.enum(['on', 'off']).default('off'),
  /** Development and tests only: webhooks may go to plain http and to loopback/private addresses (CONTRACT §8). */
  WEBHOOKS_ALLOW_LOCAL: z.enum(['true', 'false']).default('false'),
  /** The platform as the issuer of its invoices to teams (CONTRACT §6); the address's lines split at `\n` or `;`. */
  PLATFORM_NAME: z.string().min(1).max(70).default('Bookla'),
  PLATFORM_ADDRESS: z.string().min(1).default('Bahnhofstrasse 1;8001 Zürich;CH'),
  PLATFORM_IBAN: z
    .string()
    .default('CH44 3199 9123 0008 8901 2')
    .refine((v) => isValidIban(v), 'PLATFORM_IBAN must be a valid IBAN'),
  PLATFORM_VAT_ID: z.string().max(40).optional(),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      try {
        return parseTrustProxy(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
        return z.NEVER;
      }
    }),
});

/**
 * Which proxies may tell us the client's address (`X-Forwarded-For`): none (false), the nearest
 * `n` hops, or the proxies at these addresses/CIDRs (or `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | number | string[];

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [addr = '', range, ...rest] = entry.split('/');
  const family = isIP(addr);
  if (!family || rest.length) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (family === 4 ? 32 : 128);
  return family === 4 && isIP(range) === 4; // a netmask such as 255.255.255.0
}

/** TRUST_PROXY → a setting that can only narrow trust: never "trust whatever the client says". */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const v = value?.trim().toLowerCase();
  if (!v || v === 'false' || v === '0') return false;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    if (hops > 10) throw new Error('at most 10 proxy hops');
    return hops;
  }
  if (v === 'true' || v === '*') {
    throw new Error('"true" would let any client choose its IP: give the number of proxies or their addresses');
  }
  const entries = v
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.filter((e) => !isProxyAddress(e));
  if (bad.length) throw new Error(`not an IP address, CIDR range or loopback/linklocal/uniquelocal: ${bad.join(', ')}`);
  return entries;
}

/** The platform as the issuer of its invoices to teams (features/platform/invoices). */
export interface PlatformIssuer {
  name: string;
  /** Printed lines: street, postal code and town, country (a last line of two letters is the country code). */
  address: string[];
  /** Compact IBAN the QR-bill pays. */
  iban: string;
  vatId?: string;
}

export interface Config {
  port: number;
  host: string;
  appUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  sessionSecret: string;
  /** The platform's Connect webhook secret: the only key that verifies events of connected accounts (`event.account`). */
  stripeConnectWebhookSecret: string | undefined;
  /** bexio's API (BEXIO_API_TOKEN, BEXIO_API_URL without a trailing slash); null when no token is set. Never log the token. */
  bexio: { token: string; url: string } | null;
  internalStaffDomains: string[];
  appName: string;
  nodeEnv: 'development' | 'production' | 'test';
  logLevel: string;
  /** Cookies get `Secure` and HSTS is sent when the public URL is https (never from request headers). */
  secure: boolean;
  /** Proxies whose `X-Forwarded-For` names the client (`request.ip`); unset: none, the socket's peer is the client. */
  trustProxy: TrustProxy;
  /** Where the built web app lives; absent in tests. */
  webDist: string | undefined;
  /** Uploads, logos, exports, cached documents (STORAGE_URL); undefined: the folder DATA_DIR/storage (lib/storage.ts). */
  storage?: StorageLocation;
  /** Worker threads rendering PDFs (default: cores − 1, at least 1). */
  pdfWorkers: number;
  /** Renders waiting for a worker before the next one is refused with 503. */
  pdfQueue: number;
  /** Rendered PDFs kept per order version in the storage under document-cache/ (off: every fetch renders). */
  pdfCache: boolean;
  /**
   * `transaction` when a pooler in transaction mode (PgBouncer) sits in front of PostgreSQL: no named
   * prepared statements and no connection-level settings (CONTRACT §7, docs/decisions/025).
   */
  databasePoolMode: 'session' | 'transaction';
  /** Participants one order or reservation may hold (the checkout answers 422 past it). */
  maxParticipantsPerOrder: number;
  /** TEST_HOOKS=on (end-to-end tests): `POST /api/test-hooks/…` runs periodic work at a moment the test names. */
  testHooks?: boolean;
  /** WEBHOOKS_ALLOW_LOCAL=true: webhook URLs may be http and resolve to loopback, private or link-local addresses. */
  webhooksAllowLocal?: boolean;
  /** The platform as issuer of its invoices (CONTRACT §6): name, address lines, IBAN (compact), VAT id (none: no VAT charged). */
  platform: PlatformIssuer;
  /** Tests only, never from the environment: where the Stripe SDK sends its calls (a local fake Stripe). */
  stripeApi?: { host: string; port: number; protocol: 'http' | 'https' };
  /** Tests only, never from the environment: the base URL of a local fake Datatrans (API and payment page). */
  datatransApi?: string;
}

/** Empty strings count as unset, as they do in most .env files. */
function cleanEnv(env: NodeJS.ProcessEnv): Record<string, string> {
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => !!e[1] && e[1].trim() !== ''));
}

function loadOrCreateSecret(dataDir: string): string {
  const file = join(dataDir, 'session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Several instances on one PostgreSQL (CONTRACT §7) must sign cookies with one secret: a secret
 * generated per instance (kept in its own DATA_DIR) makes every instance reject the others'
 * sessions and XSRF tokens (419 on every write behind a load balancer), so with DATABASE_URL the
 * secret must be given. PGlite is one process: there the generated one is right.
 */
export const SESSION_SECRET_REQUIRED =
  'SESSION_SECRET must be set when DATABASE_URL is: several instances on one database must sign cookies with the same secret, ' +
  'or each rejects the sessions of the others (419 on every write behind a load balancer). Set SESSION_SECRET to the same random ' +
  'string of at least 32 characters on every instance (e.g. `openssl rand -base64 48`).';

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(cleanEnv(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid environment:\n${lines}`);
  }
  const e = parsed.data;
  const databaseUrl = 'databaseUrl' in overrides ? overrides.databaseUrl : e.DATABASE_URL;
  if (databaseUrl && !e.SESSION_SECRET && !overrides.sessionSecret) throw new Error(SESSION_SECRET_REQUIRED);
  const dataDir = resolve(e.DATA_DIR);
  const storage = storageFromEnv(e.STORAGE_URL, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY);
  const appUrl = (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const host = new URL(appUrl).hostname;
  const webDist = resolve(import.meta.dirname, '../../../web/dist');
  return {
    port: e.PORT,
    host: e.HOST,
    appUrl,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `noreply@${host}`,
    sessionSecret: e.SESSION_SECRET ?? overrides.sessionSecret ?? loadOrCreateSecret(dataDir),
    stripeConnectWebhookSecret: e.STRIPE_CONNECT_WEBHOOK_SECRET,
    bexio: e.BEXIO_API_TOKEN ? { token: e.BEXIO_API_TOKEN.trim(), url: e.BEXIO_API_URL.replace(/\/+$/, '') } : null,
    internalStaffDomains: e.INTERNAL_STAFF_DOMAINS.split(',')
      .map((d) => d.trim().toLowerCase())
      .filter(Boolean),
    appName: e.APP_NAME,
    nodeEnv: e.NODE_ENV,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    secure: appUrl.startsWith('https://'),
    trustProxy: e.TRUST_PROXY,
    storage,
    webDist: existsSync(join(webDist, 'index.html')) ? webDist : undefined,
    pdfWorkers: e.PDF_WORKERS ?? Math.max(1, availableParallelism() - 1),
    pdfQueue: e.PDF_QUEUE,
    pdfCache: e.PDF_CACHE === 'on',
    databasePoolMode: e.DATABASE_POOL_MODE,
    maxParticipantsPerOrder: e.MAX_PARTICIPANTS_PER_ORDER,
    testHooks: e.TEST_HOOKS === 'on',
    webhooksAllowLocal: e.WEBHOOKS_ALLOW_LOCAL === 'true',
    platform: {
      name: e.PLATFORM_NAME.trim(),
      address: e.PLATFORM_ADDRESS.split(/\\n|\n|;/)
        .map((l) => l.trim())
        .filter(Boolean),
      iban: compactIban(e.PLATFORM_IBAN),
      vatId: e.PLATFORM_VAT_ID?.trim() || undefined,
    },
    ...overrides,
  };
}
