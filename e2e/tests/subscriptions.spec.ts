import { expect, test } from '@playwright/test';
import { publishedCourse, saveActivitySettings, serverTr } from '../support/activity-setup.ts';
import { addDays, api, BASE_DAY, fillTranslated, ownerWithCompany } from '../support/catalogue.ts';
import { escape, tr } from '../support/i18n.ts';
import { pattern, shopSteps, shopTr, waitForMail, type Customer } from '../support/selling.ts';

/**
 * Issue 24's "Done when" (once, in English): a provider turns subscriptions on and creates a
 * "10-class pass" (once, 10 credits, 180 days) and "Unlimited" (monthly) in the back office; a
 * customer buys the pass in the shop with the test payment, confirms the address, books two classes
 * with it (8 credits left) and cancels one inside the window (9 left); the monthly tier renews when
 * the memberships sweep runs as a month later (TEST_HOOKS: the clock is moved, nothing sleeps), and
 * with no way to charge the renewal the membership is past due in the back office.
 */

const lang = 'en' as const;
const DAY = addDays(BASE_DAY, 21);
const b = (key: string, params: Record<string, string> = {}) => tr(lang, `subscriptions:${key}`, params);
const s = (key: string, params: Record<string, string | number> = {}) => shopTr(lang, key, params);
const server = (key: string, params: Record<string, string | number> = {}) => serverTr(lang, key, params);
/** A label of the shop's forms, which show " *" beside required ones. */
const required = (text: string) => new RegExp(`^${escape(text)}( \\*)?$`);

test.use({ locale: `${lang}-CH` });

test('[en] subscriptions: a pass and a monthly tier sold, booked with, cancelled, renewed by a moved clock', async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const owner = await ownerWithCompany(page, lang, [lang]);
  const course = await publishedCourse(page, request, lang, {
    course: 'Morning yoga',
    ticket: 'Drop-in',
    day: DAY,
    price: '25',
    stock: 10,
    payment: 'test',
  });
  await saveActivitySettings(page, lang, course.activityId, {
    cancellation: { freeHours: 48, lateAllowed: false, policy: 'Free cancellation until 48 hours before the start.' },
  });
  let subscriptionId = 0;

  await test.step('the provider turns subscriptions on: the sidebar shows them third', async () => {
    await page.goto(`/${lang}/backend/config/features`);
    await page.getByRole('switch', { name: pattern(tr(lang, 'settings:features.subscriptions.label')) }).check({ force: true });
    await page.getByRole('button', { name: tr(lang, 'settings:features.save'), exact: true }).click();
    await expect(page.getByText(tr(lang, 'settings:features.saved')).first()).toBeVisible();
    const nav = page.getByRole('navigation', { name: tr(lang, 'backend:layout.navigation') });
    // The brand link first, then Dashboard, Statistics, Subscriptions (spec §2: third).
    await expect(nav.getByRole('link').nth(3)).toHaveText(tr(lang, 'backend:nav.subscriptions'));
  });

  await test.step('creates the subscription and its two tiers in the back office', async () => {
    await page.getByRole('link', { name: tr(lang, 'backend:nav.subscriptions'), exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: b('list.title') })).toBeVisible();
    await page
      .getByRole('link', { name: b('list.create') })
      .first()
      .click();
    const form = page.getByRole('form', { name: b('form.new') });
    await fillTranslated(form, b('form.name'), { en: 'Studio membership' });
    // A segmented control: its label takes the click (the radio itself is visually hidden).
    await form
      .locator('label')
      .filter({ hasText: new RegExp(`^${escape(b('status.published'))}$`) })
      .click();
    await expect(form.getByRole('radio', { name: b('status.published') })).toBeChecked();
    await form.getByRole('button', { name: b('form.save'), exact: true }).click();
    await expect(page).toHaveURL(/\/backend\/subscription\/\d+$/);
    subscriptionId = Number(/subscription\/(\d+)$/.exec(page.url())![1]);

    const tier = async (name: string, price: string, interval: 'once' | 'month', credits: number | null, validDays?: number) => {
      await page.getByRole('link', { name: b('tiers.create') }).click();
      const f = page.getByRole('form', { name: b('tierForm.new') });
      await fillTranslated(f, b('tierForm.name'), { en: name });
      await f.getByRole('textbox', { name: pattern(b('tierForm.price')) }).fill(price);
      await f
        .locator('label')
        .filter({ hasText: new RegExp(`^${escape(b(`interval.${interval}`))}$`) })
        .click();
      await expect(f.getByRole('radio', { name: b(`interval.${interval}`) })).toBeChecked();
      if (validDays) await f.getByRole('textbox', { name: pattern(b('tierForm.validDays')) }).fill(String(validDays));
      if (credits !== null) {
        await f.getByRole('switch', { name: pattern(b('tierForm.unlimited')) }).uncheck({ force: true });
        await f
          .getByRole('textbox', { name: pattern(b(interval === 'once' ? 'tierForm.creditsOnce' : 'tierForm.credits')) })
          .fill(String(credits));
      }
      await f.getByRole('button', { name: b('form.save'), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/backend/subscription/${subscriptionId}$`));
      await expect(page.getByRole('row', { name: new RegExp(escape(name)) })).toBeVisible();
    };
    await tier('10-class pass', '200', 'once', 10, 180);
    await tier('Unlimited', '120', 'month', null);
  });

  const context = await browser.newContext({ locale: `${lang}-CH`, baseURL });
  const shop = await context.newPage();
  const steps = shopSteps(shop, lang);
  const customer: Customer = { firstname: 'Mia', lastname: 'Member', email: `mia-${Date.now().toString(36)}@example.com` };
  const account = `/${lang}/shop/${course.teamId}/account`;

  await test.step('the customer opens an account and confirms the address', async () => {
    await shop.goto(account);
    await shop.getByRole('button', { name: s('account.register.tab'), exact: true }).click();
    const form = shop.getByRole('form', { name: s('account.register.title') });
    await form.getByRole('textbox', { name: s('account.form.email'), exact: true }).fill(customer.email);
    await form.getByLabel(required(s('account.form.password'))).fill('Yoga-jeden-Morgen-2026');
    await form.getByRole('button', { name: s('account.register.submit'), exact: true }).click();
    const mail = await waitForMail(
      customer.email,
      server('customer-accounts:mails.customer_verify_email.subject', { team: owner.company }),
    );
    const link = new RegExp(`${escape(baseURL!)}/${lang}/shop/${course.teamId}/account/link\\?token=[^\\s"<>]+`).exec(mail.text)![0];
    await shop.goto(link);
    await shop.getByRole('button', { name: s('account.landing.open'), exact: true }).click();
    await expect(shop).toHaveURL(`${baseURL}${account}`);
  });

  await test.step('buys the 10-class pass in the shop with the test payment', async () => {
    await shop.goto(`/${lang}/shop/${course.teamId}`);
    await shop.getByRole('link', { name: s('subscriptions.link') }).click();
    await expect(shop.getByRole('heading', { level: 1, name: s('subscriptions.title') })).toBeVisible();
    await shop.getByRole('button', { name: `${s('subscriptions.buy.button')}: 10-class pass`, exact: true }).click();
    const buy = shop.getByRole('region', { name: s('subscriptions.buy.title', { name: 'Studio membership – 10-class pass' }) });
    await buy.getByRole('textbox', { name: s('checkout.customer.firstname'), exact: true }).fill(customer.firstname);
    await buy.getByRole('textbox', { name: s('checkout.customer.lastname'), exact: true }).fill(customer.lastname);
    await buy.getByRole('textbox', { name: s('checkout.customer.email'), exact: true }).fill(customer.email);
    await buy.getByRole('checkbox', { name: new RegExp(`^${escape(s('checkout.terms.accept'))}`) }).check();
    await buy.getByRole('button', { name: s('checkout.submitPay'), exact: true }).click();
    await expect(shop).toHaveURL(/\/test-payment\/[^/?]+\?token=/);
    await shop.getByRole('button', { name: pattern(s('testPayment.pay'), true) }).click();
    await steps.onOrderPage('paid');
    await shop.goto(account);
    const mine = shop.getByRole('region', { name: s('subscriptions.mine.title') });
    await expect(mine.getByText(s('subscriptions.mine.creditsLeft', { count: 10 }))).toBeVisible();
  });

  const bookWithMembership = async () => {
    await steps.openActivity(`/${lang}/shop/${course.teamId}`, 'Morning yoga');
    await steps.choose('Drop-in', 1);
    await steps.book();
    await steps.fillCustomer(customer);
    await steps.fillParticipant(1);
    await steps
      .participant(1)
      .getByRole('checkbox', { name: new RegExp(escape('Use my membership')) })
      .check();
    await steps.acceptTerms();
    await steps.submit(true);
    return steps.onOrderPage('free');
  };

  await test.step('books two classes with it: 8 credits left', async () => {
    await bookWithMembership();
    await bookWithMembership();
    await shop.goto(account);
    const mine = shop.getByRole('region', { name: s('subscriptions.mine.title') });
    await expect(mine.getByText(s('subscriptions.mine.creditsLeft', { count: 8 }))).toBeVisible();
  });

  await test.step('cancels one booking inside the window under "my bookings": 9 credits left', async () => {
    const booking = shop.getByRole('listitem').filter({ hasText: 'Morning yoga' }).first();
    await booking.getByRole('button', { name: s('account.cancel.action'), exact: true }).click();
    const dialog = shop.getByRole('dialog');
    // A free booking: nothing to refund, so the plain confirmation.
    await dialog.getByRole('button', { name: s('account.cancel.confirm'), exact: true }).click();
    await expect(dialog).toBeHidden();
    await shop.reload();
    const mine = shop.getByRole('region', { name: s('subscriptions.mine.title') });
    await expect(mine.getByText(s('subscriptions.mine.creditsLeft', { count: 9 }))).toBeVisible();
  });

  await test.step('the monthly tier renews when the clock moves on; unchargeable, it is past due in the back office', async () => {
    // The "Unlimited" tier, bought with the test payment through the same call the shop uses.
    const tiers = (await (await shop.request.get(`/api/public/teams/${course.teamId}/subscriptions`)).json()) as {
      data: { tiers: { id: number; name: string }[] }[];
    };
    const unlimited = tiers.data[0]!.tiers.find((t) => t.name === 'Unlimited')!;
    const placed = await shop.request.post(`/api/public/teams/${course.teamId}/orders`, {
      data: {
        items: [{ subscription_tier_id: unlimited.id, quantity: 1 }],
        customer,
        participants: [],
        answers: {},
        payment_method: 'test',
        language: lang,
        accept_terms: true,
      },
    });
    expect(placed.status(), await placed.text()).toBe(201);
    const payment = new URL(((await placed.json()) as { payment_url: string }).payment_url, baseURL);
    const paid = await shop.request.post(
      `/api/public/test-payments/${payment.pathname.split('/').pop()}?token=${encodeURIComponent(payment.searchParams.get('token')!)}`,
      { data: { outcome: 'pay' } },
    );
    expect(paid.status(), await paid.text()).toBe(200);
    const client = api(page);
    const { data: members } = await client.get<{ data: { id: number; tier_name: string; current_period_end: string }[] }>(
      `/api/subscriptions/${subscriptionId}/members`,
    );
    const monthly = members.find((m) => m.tier_name === 'Unlimited')!;
    const later = new Date(new Date(monthly.current_period_end).getTime() + 60_000).toISOString();
    const swept = await request.post('/api/test-hooks/memberships/sweep', { data: { at: later } });
    expect(swept.status(), await swept.text()).toBe(200);
    expect((await swept.json()) as { renewed: number; pastDue: number }).toMatchObject({ renewed: 1, pastDue: 1 });

    await page.goto(`/${lang}/backend/subscription/${subscriptionId}`);
    const row = page.getByRole('row', { name: new RegExp(escape(customer.email)) }).filter({ hasText: 'Unlimited' });
    await expect(row.getByText(b('memberStatus.past_due'))).toBeVisible();
    await expect(page.getByRole('row', { name: new RegExp(escape(customer.email)) }).filter({ hasText: '10-class pass' })).toContainText(
      '9',
    );
  });
  await context.close();
});
