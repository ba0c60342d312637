import { ERROR_STATUS, safeRecord, type ErrorCode } from '@bookla/shared';
import type { z } from 'zod';

export interface AppErrorOptions {
  /** Parameters of the translated message (`{ count: 3 }`). */
  params?: Record<string, unknown>;
  /** Field errors for 422: dotted path → translation keys (or encoded validation messages). */
  fields?: Record<string, string[]>;
  /** Extra members merged into the reply body (`success: false`, `code: ErrorCodes.SOLD_OUT`, …). */
  extra?: Record<string, unknown>;
}

/**
 * The one error type of the server. `messageKey` is a translation key (`errors:not_found`,
 * `auth:login_failed`); the error handler translates it into the request's language.
 */
export class AppError extends Error {
  readonly status: number;
  readonly params: Record<string, unknown>;
  readonly fields?: Record<string, string[]>;
  readonly extra?: Record<string, unknown>;
  constructor(
    readonly code: ErrorCode,
    readonly messageKey: string,
    options: AppErrorOptions = {},
  ) {
    super(messageKey);
    this.params = options.params ?? {};
    this.fields = options.fields;
    this.extra = options.extra;
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = () => new AppError('NOT_FOUND', 'errors:not_found');
export const forbidden = () => new AppError('FORBIDDEN', 'errors:forbidden');
export const unauthenticated = () => new AppError('UNAUTHENTICATED', 'errors:unauthenticated');

/** A 422 with one or more field errors, e.g. `validationError({ 'user.email': ['auth:email_taken'] })`. */
export function validationError(fields: Record<string, string[]>, extra?: Record<string, unknown>): AppError {
  return new AppError('VALIDATION_FAILED', 'validation:failed', { fields, extra });
}

/**
 * Input a service refused after checking it against a schema (`checkInput`/`parseInput`). Only this
 * kind of ZodError becomes a 422: a ZodError from anywhere else (say, a reply or stored data that
 * fails its schema) is a bug of ours and stays a 500.
 */
export class InputError extends Error {
  override readonly name = 'InputError';
  constructor(readonly issues: z.core.$ZodIssue[]) {
    super('input refused by its schema');
  }
}

/**
 * Input checked against a schema the server builds per request (the team's languages or
 * currency), together with the server's own checks (ids of the team, prices, date order), so one
 * 422 names every problem. `add` records a finding (dotted path → translation key); `valid()`
 * returns the parsed input, or throws one InputError with the schema's issues and the findings.
 * The error handler answers an InputError like a route's own schema failure: 422, dotted paths,
 * translated messages. `prefix` nests the schema's paths, for a part of a body checked on its
 * own (`name` → `name.de`).
 */
export function checkInput<S extends z.ZodType>(schema: S, value: unknown, prefix?: string) {
  const parsed = schema.safeParse(value);
  const at = prefix ? prefix.split('.') : [];
  const issues: z.core.$ZodIssue[] = parsed.success ? [] : parsed.error.issues.map((i) => ({ ...i, path: [...at, ...i.path] }));
  /** The server's findings by path; helpers that take a fields record may write here. */
  const fields = safeRecord<string[]>();
  return {
    /** The parsed input, if the schema accepted it (the server's checks may still fail). */
    data: parsed.success ? (parsed.data as z.output<S>) : undefined,
    fields,
    add(path: string, message: string) {
      (fields[path] ??= []).push(message);
    },
    /** Whether the schema or a check refused this path already. */
    has(path: string) {
      return Boolean(fields[path]) || issues.some((i) => i.path.map(String).join('.') === path);
    },
    /** Whether the schema or a check failed so far. */
    get failed() {
      return issues.length > 0 || Object.keys(fields).length > 0;
    },
    valid(): z.output<S> {
      const found = Object.entries(fields).flatMap(([path, messages]) =>
        messages.map((message): z.core.$ZodIssue => ({ code: 'custom', path: path.split('.'), message, input: undefined })),
      );
      if (parsed.success && !found.length) return parsed.data;
      throw new InputError([...issues, ...found]);
    },
  };
}

/** `checkInput` without checks of the server's own: the parsed input, or an InputError (422). */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, prefix?: string): z.output<S> {
  return checkInput(schema, value, prefix).valid();
}
