import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { unique } from '../support/accounts.ts';
import type { Lang } from '../support/i18n.ts';
import { expectNoSidewaysScroll, pattern, shopSteps } from '../support/selling.ts';

/**
 * Issue 10 on a 390 px phone: the seeded demo shop in French, from the list to the activity, the
 * checkout, the test payment and the paid order. Every screen fits (no sideways scrolling), and
 * each is saved as a full-page screenshot in the test's output folder for a person to look at.
 */
test.use({ viewport: { width: 390, height: 844 }, locale: 'fr-CH' });

const LANG: Lang = 'fr';
/** The demo provider's course and its whole-course ticket (apps/server/src/db/seed/demo-provider.ts). */
const COURSE = 'Yoga pour débutants';
const TICKET = 'Cours complet (6 soirées)';

async function screen(page: Page, info: TestInfo, name: string) {
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: info.outputPath(`${name}.png`), fullPage: true });
}

test('[fr] on a phone a customer books the demo course and pays in test mode', async ({ page }, info) => {
  const steps = shopSteps(page, LANG);
  const { s } = steps;

  await page.goto(`/${LANG}/shop/demo`);
  await expect(page.getByRole('heading', { level: 1, name: s('list.title') })).toBeVisible();
  await expect(page.getByRole('link', { name: COURSE, exact: true })).toBeVisible();
  await screen(page, info, '1-list');

  await page.getByRole('link', { name: COURSE, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: COURSE })).toBeVisible();
  await steps.choose(TICKET, 1);
  await screen(page, info, '2-activity');

  await steps.book();
  const customer = { firstname: 'Camille', lastname: 'Martin', email: `${unique('client')}@example.com` };
  await steps.fillCustomer({ ...customer, lastname: '' });
  await steps.fillParticipant(1, customer);
  await steps.pay('test');
  await steps.acceptTerms();

  // A forgotten field: the order is not sent, the field says why, and it is on screen, not
  // under the checkout's sticky heading with the countdown.
  await steps.submit(false);
  const lastname = steps.customer().getByRole('textbox', { name: s('checkout.customer.lastname'), exact: true });
  await expect(lastname).toBeFocused();
  await expect(lastname).toHaveAttribute('aria-invalid', 'true');
  await expect(lastname).toHaveAccessibleDescription(s('validation.required'));
  await expect(page).toHaveURL(/\/checkout$/);
  const head = (await page.locator('.checkout > .page-head').boundingBox())!;
  const field = (await lastname.boundingBox())!;
  expect(field.y, 'the focused field starts below the sticky heading').toBeGreaterThanOrEqual(head.y + head.height);
  expect(field.y + field.height).toBeLessThanOrEqual(page.viewportSize()!.height);
  await screen(page, info, '3-checkout-error');

  await lastname.fill(customer.lastname);
  await screen(page, info, '3-checkout');

  await steps.submit(false);
  await expect(page).toHaveURL(/\/test-payment\/[^/?]+\?token=/);
  const pay = page.getByRole('button', { name: pattern(s('testPayment.pay'), true) });
  await expect(pay).toBeVisible();
  await screen(page, info, '4-test-payment');

  await pay.click();
  await steps.onOrderPage('paid');
  await expect(page.getByRole('link', { name: s('order.tickets') })).toBeVisible();
  await screen(page, info, '5-order');
});
