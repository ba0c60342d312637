import { expect, test, type Page } from '@playwright/test';
import { escape, tr, type Lang } from '../support/i18n';
import { pattern, shopTr } from '../support/selling';

/**
 * Issue 13's "Done when": every part of the landing page (spec §1, §9), once in English, as
 * the server sends it and as a visitor uses it — the carousel's 13 images and its timing, the
 * video, the twelve features, three testimonials, the prices, the FAQ from the server, a booking
 * in the embedded demo calendar, and the footer.
 */
const FOOTER = ['imprint', 'datenschutz', 'agb', 'service_fees', 'outside_fees', 'extenuating_circumstances_policy', 'copyright'];

// Once, in English; language-smoke.spec.ts checks the landing page's HTML and texts in de, en and fr.
for (const lang of ['en'] as Lang[]) {
  const t = (key: string, params: Record<string, string> = {}) => tr(lang, `public:${key}`, params);
  const url = `/${lang}/provider`;
  const carousel = (page: Page) => page.getByRole('region', { name: t('landing.hero.label') });
  /** Index of the dot marked current: the slide shown. */
  const shown = (page: Page) =>
    carousel(page)
      .locator('.hero-dots button')
      .evaluateAll((dots) => dots.findIndex((d) => d.getAttribute('aria-current') === 'true'));

  test.describe(`[${lang}] the landing page`, () => {
    test('arrives as HTML with its title, description, canonical URL, alternates, Open Graph and JSON-LD', async ({ request }) => {
      const res = await request.get(url);
      expect(res.status()).toBe(200);
      const html = await res.text();
      expect(html).toContain(`<html lang="${lang}"`);
      expect(html).toContain(`<title>${t('landing.title')} | Bookla</title>`);
      expect(html).toMatch(/<meta name="description" content="[^"]{60,}">/);
      expect(html).toMatch(new RegExp(`<link rel="canonical" href="http://localhost:\\d+/${lang}/provider">`));
      for (const l of ['de', 'en', 'fr', 'x-default']) expect(html).toContain(`hreflang="${l}"`);
      expect(html).toContain('<meta property="og:title"');
      expect(html).toContain('<meta property="og:image"');
      const types = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]!)['@type']);
      expect(types).toEqual(expect.arrayContaining(['Organization', 'Product', 'FAQPage']));
      // The page itself is in the HTML (the server rendered it), not only an empty root.
      expect(html).toContain(`<h1>${t('landing.heading')}</h1>`);
      expect(html).not.toContain('backoffice');
    });

    test('hero carousel: 13 images that load, a new one every 4000 ms in an 800 ms transition, paused on hover', async ({ page }) => {
      await page.goto(url);
      const images = carousel(page).locator('img');
      await expect(images).toHaveCount(13);
      await expect.poll(() => images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      const srcs = await images.evaluateAll((all) => all.map((i) => (i as HTMLImageElement).getAttribute('src')!));
      expect(new Set(srcs).size).toBe(13);
      for (const src of srcs) expect((await page.request.get(src)).status(), src).toBe(200);
      await expect(carousel(page)).toHaveAttribute('data-interval', '4000');
      await expect(carousel(page)).toHaveAttribute('data-autoplay', 'on');

      // The moments the shown slide changes, and how long the track moves after each.
      const timing = await page.evaluate(
        () =>
          new Promise<{ changes: number[]; moves: number[] }>((resolve) => {
            const dots = [...document.querySelectorAll('.hero-dots button')];
            const track = document.querySelector('.hero-track') as HTMLElement;
            const changes: number[] = [];
            const moves: number[] = [];
            // The track's position every frame until it rests; a move lasts until it is within 1 % (or 2 px) of where it stops.
            const x = () => new DOMMatrix(getComputedStyle(track).transform).m41;
            const watchMove = (start: number) => {
              const samples: [number, number][] = [[start, x()]];
              const frame = (now: number) => {
                samples.push([now, x()]);
                const [lastAt, lastX] = samples.find(([, v]) => v === samples.at(-1)![1])!;
                if (now - lastAt > 300 && lastX === samples.at(-1)![1]) {
                  const from = samples[0]![1];
                  const tolerance = Math.max(2, Math.abs(lastX - from) / 100);
                  const arrived = samples.find(([, v]) => Math.abs(v - lastX) <= tolerance)!;
                  moves.push(arrived[0] - start);
                } else requestAnimationFrame(frame);
              };
              requestAnimationFrame(frame);
            };
            const observer = new MutationObserver(() => {
              const now = performance.now();
              changes.push(now);
              watchMove(now);
              if (changes.length === 3) {
                observer.disconnect();
                setTimeout(() => resolve({ changes, moves }), 1500);
              }
            });
            dots.forEach((d) => observer.observe(d, { attributes: true, attributeFilter: ['aria-current'] }));
          }),
      );
      const intervals = [timing.changes[1]! - timing.changes[0]!, timing.changes[2]! - timing.changes[1]!];
      for (const interval of intervals) {
        expect(interval).toBeGreaterThan(3700);
        expect(interval).toBeLessThan(4500);
      }
      expect(timing.moves.length).toBeGreaterThan(0);
      for (const move of timing.moves) {
        expect(move).toBeGreaterThan(500);
        expect(move).toBeLessThan(1100);
      }
      // Every image the carousel showed has loaded.
      const seen = await shown(page);
      await expect.poll(() => images.nth(seen).evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

      // Paused while the pointer is over it; going on when it leaves.
      await carousel(page).hover();
      await expect(carousel(page)).toHaveAttribute('data-autoplay', 'off');
      const before = await shown(page);
      await page.waitForTimeout(5000);
      expect(await shown(page)).toBe(before);
      await page.mouse.move(0, 0);
      await expect.poll(() => shown(page), { timeout: 6000 }).not.toBe(before);

      // Keyboard controls.
      await carousel(page)
        .getByRole('button', { name: t('landing.hero.pause') })
        .click();
      await carousel(page)
        .getByRole('button', { name: t('landing.hero.goTo', { index: '7' }) })
        .click();
      await expect.poll(() => shown(page)).toBe(6);
      await carousel(page)
        .getByRole('button', { name: t('landing.hero.next') })
        .press('Enter');
      await expect.poll(() => shown(page)).toBe(7);
    });

    test('does not play the carousel for visitors who prefer reduced motion', async ({ browser }) => {
      const context = await browser.newContext({ reducedMotion: 'reduce' });
      const page = await context.newPage();
      await page.goto(url);
      await expect(carousel(page)).toHaveAttribute('data-autoplay', 'off');
      await page.waitForTimeout(4500);
      expect(await shown(page)).toBe(0);
      await context.close();
    });

    test('how it works, the video with captions, 12 features, 3 testimonials, the branches and the prices', async ({ page }) => {
      await page.goto(url);
      const section = (key: string) => page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: t(key) }) });

      await expect(section('landing.steps.heading').getByRole('listitem')).toHaveCount(3);

      const video = page.locator('video');
      await video.scrollIntoViewIfNeeded();
      await expect(video).toHaveAttribute('controls', '');
      await expect(video).not.toHaveAttribute('autoplay');
      await expect(video).toHaveAttribute('poster', '/landing/walkthrough-poster.webp');
      const duration = await video.evaluate(
        (v: HTMLVideoElement) =>
          new Promise<number>((resolve) => {
            v.addEventListener('loadedmetadata', () => resolve(v.duration), { once: true });
            v.preload = 'metadata';
            v.load();
          }),
      );
      expect(duration).toBeGreaterThan(15);
      expect(await video.evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
      const tracks = video.locator('track');
      await expect(tracks).toHaveCount(3);
      await expect(video.locator(`track[srclang="${lang}"]`)).toHaveAttribute('default', '');
      const vtt = await (await page.request.get(`/landing/walkthrough.${lang}.vtt`)).text();
      expect(vtt.startsWith('WEBVTT')).toBe(true);
      expect(vtt.match(/-->/g)!.length).toBeGreaterThanOrEqual(5);

      await expect(section('landing.features.heading').getByRole('listitem')).toHaveCount(12);
      await expect(section('landing.testimonials.heading').locator('blockquote')).toHaveCount(3);
      const branches = section('landing.branches.heading');
      for (const key of ['yoga', 'dance', 'music', 'languages', 'sports', 'cooking', 'art']) {
        await expect(branches.getByText(t(`landing.branches.${key}`), { exact: true })).toBeVisible();
      }

      const pricing = section('landing.pricing.heading');
      const payg = pricing.getByRole('listitem', { name: 'Pay-As-You-Go' });
      const business = pricing.getByRole('listitem', { name: 'Business' });
      await expect(payg).toContainText(/CHF\s0\s/);
      await expect(payg).toContainText(/7\.9\s?%\splus\sCHF\s0\.49/);
      await expect(business).toContainText(/CHF\s139\s/);
      await expect(business).toContainText(/3\.9\s?%\splus\sCHF\s0\.49/);
      await expect(pricing).toContainText(t('landing.pricing.intro'));
    });

    test('the FAQ is the server’s (GET /api/faq)', async ({ page }) => {
      const faq = (await (await page.request.get('/api/faq')).json()) as {
        question: Record<string, string>;
        answer: Record<string, string>;
      }[];
      expect(faq.length).toBeGreaterThan(0);
      await page.goto(url);
      const items = page.locator('#faq details');
      await expect(items).toHaveCount(faq.length);
      for (const [i, item] of faq.entries()) await expect(items.nth(i).locator('summary')).toHaveText(item.question[lang]!);
      await items.first().locator('summary').click();
      await expect(items.first()).toContainText(faq[0]!.answer[lang]!.split('\n')[0]!);
    });

    test('the embedded demo calendar books a seat', async ({ page }) => {
      const s = (key: string, params: Record<string, string | number> = {}) => shopTr(lang, key, params);
      await page.goto(url);
      await page.getByRole('link', { name: t('landing.ctaDemo') }).click();
      const embed = page.frameLocator('#demo iframe[data-bookla-frame]');
      await expect(embed.getByRole('heading', { level: 1, name: s('list.title') })).toBeVisible({ timeout: 20_000 });
      // The calendar view, as the landing page embeds it.
      await expect(embed.getByRole('button', { name: s('list.asCalendar') })).toHaveAttribute('aria-pressed', 'true');
      await embed.getByRole('button', { name: s('list.asList') }).click();
      const activity = lang === 'de' ? 'Tag der offenen Tür' : 'Open day';
      const ticket = lang === 'de' ? 'Freier Eintritt' : 'Free entry';
      await embed.getByRole('link', { name: activity, exact: true }).click();
      await expect(embed.getByRole('heading', { level: 1, name: activity })).toBeVisible();
      await embed
        .getByRole('group', { name: s('activity.quantityOf', { name: ticket }) })
        .getByRole('button', { name: s('activity.more', { name: ticket }) })
        .click();
      await embed.getByRole('button', { name: s('activity.book'), exact: true }).click();
      await expect(embed.getByRole('heading', { level: 1, name: s('checkout.title') })).toBeVisible();
      const customer = embed.getByRole('region', { name: s('checkout.customer.title') });
      await customer.getByRole('textbox', { name: s('checkout.customer.firstname'), exact: true }).fill('Lara');
      await customer.getByRole('textbox', { name: s('checkout.customer.lastname'), exact: true }).fill('Landing');
      await customer
        .getByRole('textbox', { name: s('checkout.customer.email'), exact: true })
        .fill(`lara-${lang}-${Date.now()}@example.com`);
      await embed
        .getByRole('group', { name: new RegExp(`^${escape(s('checkout.participant.title', { n: 1 }))} `) })
        .getByRole('button', { name: s('checkout.participant.sameAsCustomer') })
        .click();
      await embed.getByRole('checkbox', { name: new RegExp(`^${escape(s('checkout.terms.accept'))}`) }).check();
      await embed.getByRole('button', { name: s('checkout.submitFree'), exact: true }).click();
      await expect(embed.getByRole('heading', { level: 1, name: pattern(s('order.title')) })).toBeVisible();
      await expect(embed.getByTestId('order-status')).toHaveText(s('order.status.free'));
    });

    test('the footer links the legal pages of spec §1, the copyright and two social profiles', async ({ page }) => {
      await page.goto(url);
      const footer = page.getByRole('contentinfo');
      const legal = footer.getByRole('navigation', { name: tr(lang, 'common:footer.label') });
      const hrefs = await legal.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
      expect(hrefs).toEqual(FOOTER.map((type) => `/${lang}/${type}`));
      await expect(footer).toContainText(`© ${new Date().getFullYear()} Bookla`);
      const social = footer.getByRole('list', { name: t('site.social', { appName: 'Bookla' }) }).getByRole('link');
      await expect(social).toHaveCount(2);
      for (const href of FOOTER) expect((await page.request.get(`/${lang}/${href}`)).status(), href).toBe(200);

      // A footer link opens its page, rendered by the server, in the same language.
      const api = await (await page.request.get(`/api/content/datenschutz/frontend?language=${lang}`)).json();
      await legal.getByRole('link', { name: tr(lang, 'common:footer.privacy') }).click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/datenschutz$`));
      await expect(page.getByRole('heading', { level: 1, name: api.title })).toBeVisible();
      await expect(page).toHaveTitle(`${api.title} | Bookla`);
    });

    test('the sign-up call to action opens the registration', async ({ page }) => {
      await page.goto(url);
      const cta = page
        .locator('#signup-heading')
        .locator('..')
        .getByRole('link', { name: t('landing.signup.cta') });
      await cta.click();
      await expect(page).toHaveURL(new RegExp(`/${lang}/register$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
  });
}

test('robots.txt and sitemap.xml', async ({ request }) => {
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toMatch(/^User-agent: \*/);
  expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/de\/provider<\/loc>/);
  expect(sitemap).toMatch(/<loc>http:\/\/localhost:\d+\/en\/shop\/demo\/activity\/\d+<\/loc>/);
});
