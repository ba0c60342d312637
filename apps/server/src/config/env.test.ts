import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig, SESSION_SECRET_REQUIRED } from './env.ts';

/**
 * SESSION_SECRET with DATABASE_URL (CONTRACT §7): instances on one PostgreSQL must share the
 * secret, so without it the server refuses to start and says why; PGlite (one process) still
 * starts with the secret it generates. The database named here is never reached: the
 * configuration is checked before anything connects.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'bookla-env-'));
const url = 'postgres://nobody@127.0.0.1:1/never';
const serverEntry = join(import.meta.dirname, '..', 'server.ts');

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('SESSION_SECRET with DATABASE_URL', () => {
  it('is required: loadConfig throws the reason', () => {
    expect(() => loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir })).toThrow(SESSION_SECRET_REQUIRED);
    expect(SESSION_SECRET_REQUIRED).toMatch(/SESSION_SECRET must be set when DATABASE_URL is/);
    // A databaseUrl given by the caller (bench, tests) needs one just the same.
    expect(() => loadConfig({ DATA_DIR: dataDir }, { databaseUrl: url })).toThrow(SESSION_SECRET_REQUIRED);
  });

  it('is taken when given (from the environment or by the caller)', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    expect(loadConfig({ DATABASE_URL: url, DATA_DIR: dataDir }, { sessionSecret: secret }).sessionSecret).toBe(secret);
  });

  it('is generated once and kept in DATA_DIR on the embedded database (one instance)', () => {
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first.databaseUrl).toBeUndefined();
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dataDir, 'session-secret'), 'utf8').trim()).toBe(first.sessionSecret);
    expect(loadConfig({ DATA_DIR: dataDir }).sessionSecret).toBe(first.sessionSecret);
  });

  it('the server refuses to start without it: exit code 1 and the reason on stderr', async () => {
    const env = { ...process.env, DATABASE_URL: url, DATA_DIR: dataDir, PORT: '0', SESSION_SECRET: '' };
    const child = spawn(process.execPath, ['--import', 'tsx', serverEntry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.stdout.resume();
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect(code).toBe(1);
    expect(stderr).toContain(SESSION_SECRET_REQUIRED);
    expect(stderr).toContain('The server did not start.');
  }, 60_000);
});
