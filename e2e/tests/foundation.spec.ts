import { expect, test } from '@playwright/test';

test.describe('foundation', () => {
  // A Swiss-German browser: the server picks de from Accept-Language.
  test.use({ locale: 'de-CH' });

  test('landing page in German by default, with the FAQ from the server', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle(/ \| Bookla$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // FAQ answers come from GET /api/faq: a seeded question must be on the page.
    const faq = await (await page.request.get('/api/faq')).json();
    await expect(page.getByText(faq[0].question.de)).toBeVisible();
  });

  test('switching language changes the route, the texts and the document language', async ({ page }) => {
    await page.goto('/de/provider');
    await expect(page).toHaveTitle('Online-Buchung für Kurse und Events | Bookla');
    await page
      .getByRole('group', { name: /sprache/i })
      .getByRole('button', { name: /english/i })
      .click();
    await expect(page).toHaveURL(/\/en\/provider$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle('Online booking for courses and events | Bookla');
    await page
      .getByRole('group', { name: /language/i })
      .getByRole('button', { name: /fran/i })
      .click();
    await expect(page).toHaveURL(/\/fr\/provider$/);
    await expect(page).toHaveTitle('Réservation en ligne pour cours et événements | Bookla');
    // The server remembers the choice for the next visit.
    await page.goto('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
  });

  test('an unknown path shows the 404 page', async ({ page }) => {
    await page.goto('/en/anything-unknown');
    await expect(page).toHaveURL(/\/en\/error\/404$/);
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    const api = await page.request.get('/api/anything-unknown');
    expect(api.status()).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not Found' });
  });

  test('the back office sends a visitor who is not logged in to login', async ({ page }) => {
    await page.goto('/en/backend');
    await expect(page).toHaveURL(/\/en\/login$/);
    await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  });

  test('content pages load their text in the route language', async ({ page }) => {
    const api = await (await page.request.get('/api/content/imprint/frontend?language=fr')).json();
    await page.goto('/fr/imprint');
    await expect(page.getByRole('heading', { name: api.title, level: 1 })).toBeVisible();
    await expect(page).toHaveTitle(`${api.title} | Bookla`);
  });

  test('public pages do not load back-office code', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (r) => r.resourceType() === 'script' && scripts.push(r.url()));
    await page.goto('/en/provider');
    await page.waitForLoadState('networkidle');
    expect(scripts.some((s) => s.includes('backoffice'))).toBe(false);
  });
});
