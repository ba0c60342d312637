import { safeRecord, type ErrorBody } from '@bookla/shared';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, InputError } from '../lib/app-error.ts';
import { databaseUnavailable, isConnectionError } from '../lib/db-errors.ts';
import { translate, translateValidation } from '../lib/i18n.ts';
import { StorageUnavailableError } from '../lib/storage.ts';
import { issueFields } from '../lib/partial-input.ts';

/**
 * One place that turns every failure into the contract's bodies (CONTRACT §2):
 * AppError, schema validation (422 with dotted field paths, translated) — of a route's schema or
 * an InputError a service throws after checking input against a per-team schema (`parseInput`) —
 * Fastify's own errors,
 * a database connection lost under the call (503 with Retry-After: lib/db-errors.ts), the storage
 * failing under it (a StorageUnavailableError: 503 with Retry-After, lib/storage.ts),
 * unknown routes, and anything unexpected (500 without details).
 *
 * The 401/404/419 messages are fixed English strings in the contract, so clients can rely on
 * them; every other message is in the request's language.
 */
const FIXED_MESSAGES: Record<string, string> = {
  'errors:not_found': 'Not Found',
  'errors:unauthenticated': 'Unauthenticated.',
  'errors:csrf_mismatch': 'CSRF token mismatch.',
};

function message(request: FastifyRequest, key: string, params?: Record<string, unknown>): string {
  return FIXED_MESSAGES[key] ?? translate(request.lang, key, params);
}

function translateFields(request: FastifyRequest, fields: Record<string, string[]>): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([path, msgs]) => [path, msgs.map((m) => translateValidation(request.lang, m))]));
}

function send(reply: FastifyReply, status: number, body: ErrorBody) {
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

/** Validation issues from the zod type provider → `{ "user.email": [...] }`. */
function fieldsFromValidation(error: FastifyError): Record<string, string[]> {
  // Paths come from the input's keys: a null-prototype map, so `constructor` is just a key.
  const fields = safeRecord<string[]>();
  for (const v of error.validation ?? []) {
    const issue = (v.params as { issue?: { path?: PropertyKey[]; message?: string } } | undefined)?.issue;
    const path = issue?.path?.length ? issue.path.map(String).join('.') : v.instancePath.replace(/^\//, '').replaceAll('/', '.') || '_';
    (fields[path] ??= []).push(issue?.message ?? v.message ?? 'invalid');
  }
  return fields;
}

export function isApiPath(url: string): boolean {
  return /^\/(api|customer|sanctum)(\/|\?|$)/.test(url);
}

declare module 'fastify' {
  interface FastifyInstance {
    serveSpa(request: FastifyRequest, reply: FastifyReply): FastifyReply | Promise<FastifyReply>;
  }
}

export const errorHandlerPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((caught: FastifyError | AppError | InputError, request, reply) => {
    let error = caught;
    // The database went away under this call (restart, failover, pg_terminate_backend): its
    // transaction rolled back with the connection, so it is a 503 to try again, not a bug (decision 022).
    if (!(error instanceof AppError) && isConnectionError(error)) {
      request.log.warn({ err: error }, 'database connection failed under this call: 503');
      error = databaseUnavailable();
    }
    // An AppError already (503), logged here with what the store said.
    if (error instanceof StorageUnavailableError) request.log.warn({ err: error.cause }, 'storage failed under this call: 503');
    if (error instanceof AppError) {
      if ((error.code === 'RATE_LIMITED' || error.code === 'SERVICE_UNAVAILABLE') && error.params.seconds)
        reply.header('Retry-After', String(error.params.seconds));
      const body: ErrorBody = { ...error.extra, message: message(request, error.messageKey, error.params) };
      if (error.fields) body.errors = translateFields(request, error.fields);
      return send(reply, error.status, body);
    }
    if (error instanceof InputError) {
      const errors = translateFields(request, issueFields(error));
      return send(reply, 422, { message: translate(request.lang, 'validation:failed'), errors });
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      const errors = translateFields(request, fieldsFromValidation(error));
      return send(reply, 422, { message: translate(request.lang, 'validation:failed'), errors });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(reply, 413, { message: message(request, 'errors:payload_too_large') });
    if (status === 429)
      return send(reply, 429, { message: message(request, 'errors:too_many_requests', { seconds: reply.getHeader('retry-after') ?? 60 }) });
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported media type, bad query strings…: a plain 400 with a safe text.
      request.log.info({ code: error.code }, 'client error');
      return send(reply, status === 404 ? 404 : 400, {
        message: message(request, status === 404 ? 'errors:not_found' : 'errors:bad_request'),
      });
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(reply, 500, { message: message(request, 'errors:internal') });
  });

  const isBuiltFile = (url: string) => {
    const path = url.split('?')[0] ?? '';
    return path.startsWith('/assets/') || /\.(?:m?js|css|map)$/.test(path);
  };
  app.setNotFoundHandler((request, reply) => {
    // Unknown API paths answer JSON; any other GET serves the web app, which shows /error/404.
    // A missing built file (`/assets/…`, a script or a stylesheet) is a 404: as the app's HTML with
    // 200 the browser would take it for the file (a module that fails to parse), and a balancer
    // could not retry it on an instance that has it (a rolling upgrade: docs/operations.md).
    if (
      !isApiPath(request.url) &&
      !isBuiltFile(request.url) &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      app.hasDecorator('serveSpa')
    ) {
      return app.serveSpa(request, reply);
    }
    return send(reply, 404, { message: 'Not Found' });
  });
});
