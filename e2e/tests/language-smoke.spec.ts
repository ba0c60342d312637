import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { login, registerInBrowser, verifyFromMail } from '../support/accounts.ts';
import { api } from '../support/catalogue.ts';
import { tr, type Lang } from '../support/i18n.ts';
import { shopTr } from '../support/selling.ts';

/**
 * Issue 21: every journey runs once, in one language (the languages vary between journeys); this
 * file is the short smoke that opens each page group in de, en AND fr: the public pages, the
 * log-in and registration, the back office, the shop, the embed and the customer account. Each
 * page must be in its language (document language, title, one translated heading or button) and
 * show no missing text: no raw key such as `login.title` and no `{{placeholder}}`. That the three
 * languages have the same keys is unit-tested (locales parity tests); decision 015.
 */

// The nine tests are independent: spread them over the workers like separate files.
test.describe.configure({ mode: 'parallel' });

const repo = join(import.meta.dirname, '..', '..');

/** Every text key of the web app, the shop and the shared texts, as i18next shows a missing one. */
const KEYS = (() => {
  const keys = new Set<string>();
  const walk = (node: unknown, path: string) => {
    if (typeof node === 'string') {
      // A missing plural shows its key without the suffix.
      keys.add(path.replace(/_(zero|one|two|few|many|other)$/, ''));
      keys.add(path);
    } else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) walk(v, path ? `${path}.${k}` : k);
    }
  };
  const dirs = [
    join(repo, 'apps', 'web', 'src', 'locales', 'en'),
    join(repo, 'apps', 'web', 'src', 'shop', 'locales'),
    join(repo, 'packages', 'shared', 'src', 'locales', 'en'),
  ];
  for (const dir of dirs) {
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.json') && !/\.(de|fr)\.json$|^(de|fr)\.json$/.test(f))) {
      walk(JSON.parse(readFileSync(join(dir, file), 'utf8')), '');
    }
  }
  // Only nested keys: a missing one shows as `a.b`, which no real text looks like.
  return new Set([...keys].filter((k) => k.includes('.')));
})();

/** The page (or frame) is in `lang` and shows no raw text key and no unreplaced placeholder. */
async function expectTranslated(page: Page | Frame, lang: Lang) {
  await expect(page.locator('html')).toHaveAttribute('lang', lang);
  const texts = await page.locator('body').evaluate((body) => {
    const out: string[] = [document.title];
    const walker = document.createTreeWalker(body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
      const node = walker.currentNode;
      if (['SCRIPT', 'STYLE', 'NOSCRIPT', 'TEMPLATE'].includes(node.parentElement?.tagName ?? '')) continue;
      const text = node.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of body.querySelectorAll('[aria-label], [title], [placeholder], [alt]')) {
      for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
  const raw = texts.filter((t) => KEYS.has(t.replace(/^[\w-]+:/, '')) || /\{\{\s*\w+\s*\}\}/.test(t));
  expect(raw, 'texts shown as their key or with a placeholder').toEqual([]);
}

test('the smoke notices a text shown as its key or with an unreplaced placeholder', async ({ page }) => {
  await page.setContent('<html lang="en"><head><title>Bookla</title></head><body><h1>Log in</h1></body></html>');
  await expectTranslated(page, 'en');
  await page.setContent('<html lang="en"><head><title>Bookla</title></head><body><h1>login.submit</h1></body></html>');
  await expect(expectTranslated(page, 'en')).rejects.toThrow(/login\.submit/);
  await page.setContent('<html lang="en"><body><button aria-label="Book {{name}}">+</button></body></html>');
  await expect(expectTranslated(page, 'en')).rejects.toThrow(/Book \{\{name\}\}/);
});

for (const lang of ['de', 'en', 'fr'] as const) {
  test.describe(`[${lang}] language smoke`, () => {
    test.use({ locale: `${lang}-CH` });

    test(`[${lang}] public pages: the landing page as HTML and in the browser, a content page`, async ({ page }) => {
      const html = await (await page.request.get(`/${lang}/provider`)).text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(`<title>${tr(lang, 'public:landing.title')} | Bookla</title>`);
      expect(html).toContain(`<h1>${tr(lang, 'public:landing.heading')}</h1>`);

      await page.goto(`/${lang}/provider`);
      await expect(page).toHaveTitle(`${tr(lang, 'public:landing.title')} | Bookla`);
      await expect(page.getByRole('heading', { level: 1, name: tr(lang, 'public:landing.heading') })).toBeVisible();
      await expect(page.getByRole('link', { name: tr(lang, 'public:landing.ctaDemo') }).first()).toBeVisible();
      await expectTranslated(page, lang);

      const content = (await (await page.request.get(`/api/content/agb/frontend?language=${lang}`)).json()) as { title: string };
      await page.goto(`/${lang}/agb`);
      await expect(page.getByRole('heading', { level: 1, name: content.title })).toBeVisible();
      await expect(page).toHaveTitle(`${content.title} | Bookla`);
      await expectTranslated(page, lang);
    });

    test(`[${lang}] log-in, registration and the back office`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.goto(`/${lang}/login`);
      await expect(page.getByRole('button', { name: tr(lang, 'auth:login.submit'), exact: true })).toBeVisible();
      await expectTranslated(page, lang);

      // registerInBrowser fills the registration's three steps by their translated labels.
      const owner = await registerInBrowser(page, lang);
      await expectTranslated(page, lang);
      await verifyFromMail(page, lang, owner.email);
      await login(page, lang, owner.email);
      await expect(page).toHaveURL(new RegExp(`/${lang}/backend$`));
      // Subscriptions on, with one subscription and a tier: the back office's screens and the shop's page.
      const client = api(page);
      await client.put('/api/config/features', { subscriptions: true });
      const { data: sub } = await client.post<{ data: { id: number } }>('/api/subscriptions', {
        name: { [lang]: 'Yoga' },
        status: 'published',
      });
      await client.post(`/api/subscriptions/${sub.id}/tiers`, {
        name: { [lang]: '10' },
        // Free: the new company takes no payment yet, and the shop offers no tier it cannot be paid for.
        price: '0',
        interval: 'once',
        valid_days: 180,
        credits: 10,
      });
      const { team } = await client.get<{ team: { id: number } }>('/api/srl/team');
      await page.reload();
      const nav = page.getByLabel(tr(lang, 'backend:layout.navigation'));
      for (const key of ['dashboard', 'subscriptions', 'courses', 'calendar', 'orders']) {
        await test.step(`back office: ${key}`, async () => {
          const link = nav.getByRole('link', { name: tr(lang, `backend:nav.${key}`), exact: true });
          await link.click();
          await expect(link).toHaveAttribute('aria-current', 'page');
          await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          await expectTranslated(page, lang);
        });
      }
      await test.step('back office: a subscription with its tier form, and the shop’s subscriptions page', async () => {
        await page.goto(`/${lang}/backend/subscription/${sub.id}/tier/create`);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectTranslated(page, lang);
        await page.goto(`/${lang}/backend/subscription/${sub.id}`);
        await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectTranslated(page, lang);
        await page.goto(`/${lang}/shop/${team.id}/subscriptions`);
        await expect(page.getByRole('heading', { level: 1, name: shopTr(lang, 'subscriptions.title') })).toBeVisible();
        await page.waitForLoadState('networkidle');
        await expectTranslated(page, lang);
      });
    });

    test(`[${lang}] shop, embed and customer account of the demo provider`, async ({ page }) => {
      const s = (key: string) => shopTr(lang, key);
      await page.goto(`/${lang}/shop/demo`);
      await expect(page.getByRole('heading', { level: 1, name: s('list.title') })).toBeVisible();
      await expect(page.getByRole('button', { name: s('list.asCalendar') })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectTranslated(page, lang);

      await page.goto(`/${lang}/embed/demo`);
      await expect(page.getByRole('heading', { level: 1, name: s('list.title') })).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectTranslated(page, lang);

      await page.goto(`/${lang}/shop/demo/account`);
      await expect(page.getByRole('heading', { level: 1, name: s('account.title') })).toBeVisible();
      await expect(page).toHaveTitle(new RegExp(`^${s('account.title')} \\| `));
      await expect(page.getByRole('form', { name: s('account.login.title') })).toBeVisible();
      await expectTranslated(page, lang);
    });
  });
}
