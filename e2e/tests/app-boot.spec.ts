import { expect, test, type Page } from '@playwright/test';
import { tr } from '../support/i18n.ts';

/**
 * The app's server-rendered screens start their code when the visitor begins to use them
 * (apps/web/public/boot.js, decision 033). What the visitor does before the code has taken over is
 * kept: typed fields reach the app's state, a form sent is held and sent by the app (never natively:
 * no password in an address), a button pressed is pressed again.
 */

/** Holds the app's entry script until `release` is called: the visitor acts before the code runs. */
async function holdTheCode(page: Page): Promise<() => void> {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/main-[\w-]+\.js$/, async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

const codeStarted = (page: Page) => page.evaluate(() => !!document.querySelector('script[type="module"][src*="/assets/main-"]'));

test.describe('the app’s public screens before their code has run', () => {
  test('a visitor who only reads the page loads no code; typing and sending before it runs logs in through the app', async ({ page }) => {
    const requests: string[] = [];
    page.on('request', (r) => requests.push(`${r.method()} ${r.url()}`));
    const release = await holdTheCode(page);
    await page.goto('/de/login');
    await page.waitForLoadState('load');
    expect(await codeStarted(page)).toBe(false);

    const password = 'not-the-password-4711';
    await page.getByRole('textbox', { name: tr('de', 'auth:fields.email') }).fill('nobody@example.ch');
    expect(await codeStarted(page)).toBe(true);
    await page.locator('input[name="password"]').fill(password);
    await page.locator('input[name="password"]').press('Enter');
    // Held: the browser did not send the form itself.
    await expect(page).toHaveURL(/\/de\/login$/);

    release();
    // The app sent it with what was typed, and shows the server's refusal in German.
    await expect(page.getByText('Diese Zugangsdaten stimmen nicht mit unseren Daten überein.')).toBeVisible();
    const login = requests.filter((r) => r.startsWith('POST ') && r.includes('/login'));
    expect(login).toHaveLength(1);
    expect(requests.some((r) => r.includes(password))).toBe(false);
    await expect(page.getByRole('textbox', { name: tr('de', 'auth:fields.email') })).toHaveValue('nobody@example.ch');
  });

  test('a button pressed before the code runs is pressed again once it has', async ({ page }) => {
    const release = await holdTheCode(page);
    await page.goto('/de/login');
    await page.getByRole('textbox', { name: tr('de', 'auth:fields.email') }).fill('nina@example.ch');
    await page.getByRole('button', { name: tr('de', 'auth:login.forgotLink') }).click();
    await expect(page.getByRole('heading', { name: tr('de', 'auth:login.title'), level: 1 })).toBeVisible();
    release();
    // The forgot-password mode, with the address typed before.
    await expect(page.getByRole('heading', { name: tr('de', 'auth:forgot.title'), level: 1 })).toBeVisible();
    await expect(page.getByRole('textbox', { name: tr('de', 'auth:fields.email') })).toHaveValue('nina@example.ch');
  });
});
