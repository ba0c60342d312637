import type { LoggerOptions } from 'pino';
import type { Config } from '../config/env.ts';
import { logRedaction } from './log-redaction.ts';

/** Log redaction: no cookies, tokens or passwords in logs (secrets in URLs: lib/log-redaction.ts). */
const REDACT = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'res.headers["set-cookie"]',
  '*.password',
  '*.password_confirm',
  '*.password_confirmation',
  '*.token',
  '*.secret_key',
  '*.webhook_secret',
];

/** One logger configuration for the server's thread (Fastify's pino) and the jobs thread. */
export function loggerOptions(config: Pick<Config, 'logLevel'>): LoggerOptions {
  return { level: config.logLevel, redact: { paths: REDACT, censor: '[redacted]' }, ...logRedaction } as LoggerOptions;
}
