import { DrizzleQueryError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/build-test-app.ts';
import { isConnectionError } from './db-errors.ts';

/** What the drivers throw when the database went away, as the error handler sees it (wrapped by drizzle). */
const pgError = (code: string, message: string) => Object.assign(new Error(message), { code });
const wrapped = (cause: Error) => new DrizzleQueryError('select 1', [], cause);

describe('isConnectionError', () => {
  it('knows a lost or refused connection, also as the cause of a failed query', () => {
    for (const err of [
      pgError('57P01', 'terminating connection due to administrator command'),
      pgError('57P02', 'terminating connection due to crash of another server process'),
      pgError('57P03', 'the database system is starting up'),
      pgError('08006', 'connection failure'),
      pgError('08P01', 'protocol violation'),
      pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      pgError('ECONNRESET', 'read ECONNRESET'),
      new Error('Connection terminated unexpectedly'),
      new Error('Client has encountered a connection error and is not queryable'),
      // A host with several addresses: one refusal per address.
      new AggregateError([
        pgError('ECONNREFUSED', 'connect ECONNREFUSED ::1:5432'),
        pgError('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432'),
      ]),
    ]) {
      expect(isConnectionError(err), err.message).toBe(true);
      expect(isConnectionError(wrapped(err)), `wrapped ${err.message}`).toBe(true);
    }
  });

  it('leaves every other error alone (they are bugs: 500)', () => {
    for (const err of [
      pgError('23505', 'duplicate key value violates unique constraint'),
      pgError('42P01', 'relation does not exist'),
      pgError('57014', 'canceling statement due to statement timeout'),
      new Error('Connection string is invalid, or whatever else'),
      new TypeError('x is undefined'),
    ]) {
      expect(isConnectionError(err), err.message).toBe(false);
      expect(isConnectionError(wrapped(err))).toBe(false);
    }
    expect(isConnectionError(undefined)).toBe(false);
    expect(isConnectionError('Connection terminated')).toBe(false);
  });
});

describe('the error handler on a lost connection', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      extend(app) {
        app.get('/api/test/lost-connection', async () => {
          throw wrapped(pgError('57P01', 'terminating connection due to administrator command'));
        });
        app.get('/api/test/other-database-error', async () => {
          throw wrapped(pgError('23505', 'duplicate key value violates unique constraint'));
        });
      },
    });
  });
  afterAll(() => t.close());

  it('answers 503 with Retry-After and a message in the language of the request', async () => {
    for (const [lang, message] of [
      ['de', 'Der Dienst ist gerade kurz nicht erreichbar. Bitte in 5 Sekunden erneut versuchen.'],
      ['en', 'The service is briefly unavailable. Please try again in 5 seconds.'],
      ['fr', 'Le service est momentanément indisponible. Veuillez réessayer dans 5 secondes.'],
    ] as const) {
      const res = await t.app.inject({ url: `/api/test/lost-connection?language=${lang}` });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message });
      expect(res.headers['retry-after']).toBe('5');
    }
  });

  it('keeps other database errors a 500 without details', async () => {
    const res = await t.app.inject({ url: '/api/test/other-database-error', headers: { 'accept-language': 'en' } });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ message: 'A technical error occurred!' });
  });
});
