import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

// Runs against a production build served by the real server on a fresh embedded database.
// The browser is Debian's Chromium; Playwright never downloads one.
const port = Number(process.env.E2E_PORT ?? 3199);
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'bookla-e2e-'));
process.env.E2E_DATA_DIR = dataDir;
const mailSmtpPort = Number((process.env.MAIL_SMTP_PORT ??= '3198'));
const mailHttpPort = Number((process.env.MAIL_HTTP_PORT ??= '3197'));
const fakeBexioPort = Number((process.env.FAKE_BEXIO_PORT ??= '3196'));
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  // Hang detectors, not waits (decision 015): every step waits for its condition. CI runs these
  // beside npm test and the chaos run on two cores, where a back-office screen after a reload has
  // taken more than 10 s to show (load average 15–18), so CI gives each condition longer.
  timeout: process.env.CI ? 120_000 : 60_000,
  expect: { timeout: process.env.CI ? 25_000 : 10_000 },
  fullyParallel: false,
  // Two files at a time: a test spends most of its time waiting for the browser and the server,
  // so two keep both cores of a CI machine busy (tests within a file stay in order). Every test
  // makes its own company and addresses, so files do not share data.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording a trace (a DOM snapshot and screenshots per action) costs the browser CPU in every
    // test; in CI only a retry records one, so a failure that repeats comes with its trace.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined }, testIgnore: /.*\.mobile\.spec\.ts/ },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, testMatch: /.*\.mobile\.spec\.ts/ },
  ],
  webServer: [
    {
      command: 'node --import tsx e2e/support/mail-catcher.ts',
      cwd: '..',
      url: `http://127.0.0.1:${mailHttpPort}/health`,
      timeout: 30_000,
      reuseExistingServer: false,
      env: { MAIL_SMTP_PORT: String(mailSmtpPort), MAIL_HTTP_PORT: String(mailHttpPort) },
    },
    {
      // bexio's API as the platform invoices are pushed to it (apps/server/src/test/fake-bexio.ts).
      command: `node --import tsx apps/server/src/test/fake-bexio.ts --port ${fakeBexioPort} --token e2e-bexio-token`,
      cwd: '..',
      url: `http://127.0.0.1:${fakeBexioPort}/_fake/state`,
      timeout: 30_000,
      reuseExistingServer: false,
    },
    {
      command: `node --import tsx apps/server/src/server.ts`,
      cwd: '..',
      url: `http://localhost:${port}/api/health`,
      timeout: 120_000,
      reuseExistingServer: false,
      env: {
        PORT: String(port),
        HOST: '127.0.0.1',
        APP_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        // Behind a (loopback) proxy, as in production: tests that stand for different people send
        // their own X-Forwarded-For (support/accounts.ts), so per-IP limits count each of them.
        TRUST_PROXY: 'loopback',
        DATABASE_URL: '',
        SMTP_URL: `smtp://127.0.0.1:${mailSmtpPort}`,
        MAIL_FROM: 'noreply@bookla.test',
        // The memberships sweep at a moment the test names (a renewal without waiting a month).
        TEST_HOOKS: 'on',
        // Webhooks to the receivers the tests start on 127.0.0.1 (plain http, loopback).
        WEBHOOKS_ALLOW_LOCAL: 'true',
        // Platform invoices go to the fake bexio above (issue 25's journey).
        BEXIO_API_TOKEN: 'e2e-bexio-token',
        BEXIO_API_URL: `http://127.0.0.1:${fakeBexioPort}`,
      },
    },
  ],
});
