import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { unique } from '../support/accounts.ts';
import { publishedCourse } from '../support/activity-setup.ts';
import { addDays, BASE_DAY, ownerWithCompany } from '../support/catalogue.ts';
import { tr } from '../support/i18n.ts';
import { pattern, shopSteps, shopTr, type Customer } from '../support/selling.ts';

/**
 * Issue 26's "Done when" for webhooks (en): the provider registers a local receiver (started here;
 * the server runs with WEBHOOKS_ALLOW_LOCAL=true) on the integration page and copies the secret
 * shown once; a customer buys with the test payment; the receiver gets `order.created` and
 * `order.paid` for that order, each signed as docs/api/webhooks.md says (checked here with
 * node:crypto, not with the server's code); the delivery log shows them delivered.
 */

const lang = 'en' as const;
const w = (key: string, params: Record<string, string> = {}) => tr(lang, `selling-settings:webhooks.${key}`, params);
/** An event's label (its key has dots: read from the locale file itself). */
const eventLabel = (type: string): string =>
  (
    JSON.parse(
      readFileSync(join(import.meta.dirname, '..', '..', 'apps', 'web', 'src', 'locales', lang, 'selling-settings.json'), 'utf8'),
    ) as {
      webhooks: { event: Record<string, string> };
    }
  ).webhooks.event[type]!;

interface Delivery {
  headers: Record<string, string | string[] | undefined>;
  body: string;
}
const deliveries: Delivery[] = [];
let receiver: Server;
let receiverUrl = '';

test.beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      deliveries.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((done) => receiver.listen(0, '127.0.0.1', done));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/bookla-hooks`;
});
test.afterAll(async () => {
  await new Promise((done) => receiver.close(done));
});

/** The receiver's check, as the documentation gives it. */
function signedWith(secret: string, d: Delivery): boolean {
  const header = String(d.headers['bookla-signature'] ?? '');
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const t = parts.find(([k]) => k === 't')?.[1] ?? '';
  if (Math.abs(Date.now() / 1000 - Number(t)) > 300) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${d.body}`).digest('hex'));
  return parts.some(([k, v]) => k === 'v1' && v?.length === expected.length && timingSafeEqual(Buffer.from(v), expected));
}

test.use({ locale: `${lang}-CH` });

test('[en] webhooks: a local receiver gets order.created and order.paid of a test-mode order, signed', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(300_000);
  await ownerWithCompany(page, lang, [lang]);
  const course = await publishedCourse(page, request, lang, {
    course: 'Pottery evening',
    ticket: 'Seat',
    day: addDays(BASE_DAY, 24),
    price: '45',
    stock: 8,
    payment: 'test',
  });
  let secret = '';

  await test.step('the provider adds the webhook on the integration page and copies its secret', async () => {
    await page.goto(`/${lang}/backend/config/integration`);
    const section = page.getByRole('region', { name: w('title') });
    await section.getByRole('textbox', { name: pattern(w('url')) }).fill(receiverUrl);
    await expect(section.getByRole('checkbox', { name: pattern(eventLabel('order.created')) })).toBeChecked();
    await expect(section.getByRole('checkbox', { name: pattern(eventLabel('order.paid')) })).toBeChecked();
    await section.getByRole('button', { name: w('add_submit'), exact: true }).click();
    secret = (await section.getByTestId('webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await expect(section.getByText(receiverUrl, { exact: true })).toBeVisible();
  });

  const customer: Customer = { firstname: 'Mira', lastname: 'Hakimi', email: `${unique('hook')}@example.com` };
  let orderId = '';
  await test.step('a customer books in the shop and pays with the test payment', async () => {
    const context = await browser.newContext({ locale: `${lang}-CH`, baseURL });
    const shop = await context.newPage();
    const steps = shopSteps(shop, lang);
    await steps.openActivity(`/${lang}/shop/${course.teamId}`, 'Pottery evening');
    await steps.choose('Seat', 1);
    await steps.book();
    await steps.fillCustomer(customer);
    await steps.fillParticipant(1);
    await steps.pay('test');
    await steps.acceptTerms();
    await steps.submit(false);
    await expect(shop).toHaveURL(/\/test-payment\/[^/?]+\?token=/);
    await shop.getByRole('button', { name: pattern(shopTr(lang, 'testPayment.pay'), true) }).click();
    orderId = (await steps.onOrderPage('paid')).id;
    await context.close();
  });

  await test.step('the receiver gets order.created, then order.paid, for that order, signed with the secret', async () => {
    const forOrder = () =>
      deliveries
        .map((d) => ({ d, p: JSON.parse(d.body) as { id: string; type: string; team_id: number; data: { order: { id: string } } } }))
        .filter(({ p }) => p.data.order?.id === orderId);
    await expect.poll(() => forOrder().map(({ p }) => p.type), { timeout: 30_000 }).toEqual(['order.created', 'order.paid']);
    for (const { d, p } of forOrder()) {
      expect(signedWith(secret, d), p.type).toBe(true);
      expect(signedWith('whsec_someone-else', d)).toBe(false);
      expect(p.team_id).toBe(Number(course.teamId));
      expect(d.headers['bookla-event-id']).toBe(p.id);
    }
  });

  await test.step('the delivery log shows both delivered', async () => {
    const section = page.getByRole('region', { name: w('title') });
    await section.getByRole('button', { name: w('log'), exact: true }).click();
    const dialog = page.getByRole('dialog', { name: pattern(w('log_title', { url: receiverUrl })) });
    await expect(dialog.getByText('order.paid', { exact: true })).toBeVisible();
    await expect(dialog.getByText(w('delivery.delivered'), { exact: true })).toHaveCount(2);
  });
});
