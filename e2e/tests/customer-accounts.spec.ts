import { expect, test, type Page } from '@playwright/test';
import { unique } from '../support/accounts.ts';
import { daysFromToday, publishedCourse, saveActivitySettings, serverTr } from '../support/activity-setup.ts';
import { addDays, BASE_DAY, ownerWithCompany } from '../support/catalogue.ts';
import { escape, label, tr, type Lang } from '../support/i18n.ts';
import { parsedMailsTo, pattern, publicOrder, shopSteps, shopTr, waitForMail, type Customer } from '../support/selling.ts';

/**
 * Issue 12 (customer accounts), in English and in German: a provider sets an activity's
 * cancellation policy (free cancellation until 48 hours before the start, later without a
 * refund) in its settings tab. A customer books in the shop, paying online (test mode), and
 * creates an account at the checkout; confirms the address from the mail; logs in on the account
 * page; finds the booking under "my bookings" and cancels it — in English inside the free window
 * (the dialog shows the refund), in German after it (no refund). The provider's order history
 * shows that the customer did it. Then "forgot password": the reset mail, the reset page, the
 * new password works. In English also the log-in by a mailed link.
 */

const TEXTS: Record<'de' | 'en', { course: string; ticket: string; policy: string }> = {
  de: {
    course: 'Bogenschiessen für Einsteiger',
    ticket: 'Ganzer Kurs',
    policy: 'Kostenlose Stornierung bis 48 Stunden vor Beginn, danach ohne Rückerstattung.',
  },
  en: {
    course: 'Archery for beginners',
    ticket: 'Full course',
    policy: 'Free cancellation until 48 hours before the start; later without a refund.',
  },
};
const PRICE = '60';
const FREE_HOURS = 48;
const PASSWORDS = { first: 'Pfeil-und-Bogen-2026', second: 'Neues-Ziel-im-Visier-77' };
/** In English the course is weeks away (inside the free window); in German it is tomorrow (after it). */
const DAYS: Record<'de' | 'en', string> = { en: addDays(BASE_DAY, 21), de: daysFromToday(1) };

/** A label of the shop's forms, which show " *" beside required ones. */
const required = (text: string) => new RegExp(`^${escape(text)}( \\*)?$`);

/** The account page's log-in, registration and link forms share one panel; its form is named by its heading. */
function signIn(page: Page, lang: Lang, mode: 'login' | 'magic' | 'forgot') {
  const s = (key: string) => shopTr(lang, key);
  return page.getByRole('form', { name: s(`account.${mode}.title`) });
}

async function logIn(page: Page, lang: Lang, email: string, password: string) {
  const s = (key: string, params: Record<string, string | number> = {}) => shopTr(lang, key, params);
  const form = signIn(page, lang, 'login');
  await form.getByRole('textbox', { name: s('account.form.email'), exact: true }).fill(email);
  await form.getByLabel(required(s('account.form.password'))).fill(password);
  await form.getByRole('button', { name: s('account.login.submit'), exact: true }).click();
}

async function logOut(page: Page, lang: Lang) {
  const s = (key: string) => shopTr(lang, key);
  await page.getByRole('button', { name: s('account.logout'), exact: true }).click();
  await expect(page.getByRole('status').getByText(s('account.loggedOut'), { exact: true })).toBeVisible();
  await expect(signIn(page, lang, 'login')).toBeVisible();
}

for (const lang of ['en', 'de'] as const) {
  test.describe(`customer accounts in ${lang}`, () => {
    test.use({ locale: `${lang}-CH` });

    test(`[${lang}] account at checkout, confirm, log in, cancel under "my bookings", the provider's history, password reset${lang === 'en' ? ', log-in link' : ''}`, async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const d = TEXTS[lang];
      const s = (key: string, params: Record<string, string | number> = {}) => shopTr(lang, key, params);
      const server = (key: string, params: Record<string, string | number> = {}) => serverTr(lang, key, params);
      const late = lang === 'de';

      const owner = await ownerWithCompany(page, lang, [lang]);
      const course = await publishedCourse(page, request, lang, {
        course: d.course,
        ticket: d.ticket,
        day: DAYS[lang],
        price: PRICE,
        stock: 10,
        // Paid online with the test payment: test mode alone, no invoice beside it (issue 20).
        payment: 'test',
      });

      await test.step('the provider sets the cancellation policy in the activity’s settings tab', async () => {
        await saveActivitySettings(page, lang, course.activityId, {
          cancellation: { freeHours: FREE_HOURS, lateAllowed: true, policy: d.policy },
        });
      });

      const customer: Customer = { firstname: 'Robin', lastname: 'Pfeilmann', email: `${unique('kunde')}@example.com` };
      const context = await browser.newContext({ locale: `${lang}-CH`, baseURL });
      const shop = await context.newPage();
      const steps = shopSteps(shop, lang);
      const account = `/${lang}/shop/${course.teamId}/account`;
      let order = { id: '', number: 0, token: '', url: '' };

      await test.step('the customer books in the shop, pays online and ticks "create an account" with a password', async () => {
        await steps.openActivity(`/${lang}/shop/${course.teamId}`, d.course);
        await steps.choose(d.ticket, 1);
        await steps.book();
        await steps.fillCustomer(customer);
        await steps.fillParticipant(1);
        const offer = shop.getByRole('region', { name: s('account.checkout.title') });
        await offer.getByRole('checkbox', { name: s('account.checkout.offer') }).check();
        await offer.getByLabel(required(s('account.form.password'))).fill(PASSWORDS.first);
        await steps.pay('test');
        await steps.acceptTerms();
        await steps.submit(false);
        await expect(shop).toHaveURL(/\/test-payment\/[^/?]+\?token=/);
        await shop.getByRole('button', { name: pattern(s('testPayment.pay'), true) }).click();
        const placed = await steps.onOrderPage('paid');
        order = { ...placed, number: (await publicOrder(shop.request, placed)).number };
        await expect(shop.getByText(s('account.checkout.created'), { exact: true })).toBeVisible();
        await expect(shop.getByText(server('customer-accounts:registered'), { exact: true })).toBeVisible();
      });

      await test.step('the customer confirms the address from the mail and is logged in', async () => {
        const mail = await waitForMail(
          customer.email,
          server('customer-accounts:mails.customer_verify_email.subject', { team: owner.company }),
        );
        const link = new RegExp(`${escape(baseURL!)}/${lang}/shop/${course.teamId}/account/link\\?token=[^\\s"<>]+`).exec(mail.text)![0];
        await shop.goto(link);
        // Opening the mailed link changes nothing; the customer's button sends the token (issue 20).
        await shop.getByRole('button', { name: s('account.landing.open'), exact: true }).click();
        await expect(shop).toHaveURL(`${baseURL}${account}`);
        await expect(shop.getByRole('status').getByText(server('customer-accounts:link_opened'), { exact: true })).toBeVisible();
        await expect(
          shop.getByText(s('account.signedInAsName', { name: `${customer.firstname} ${customer.lastname}`, email: customer.email }), {
            exact: true,
          }),
        ).toBeVisible();
      });

      const booking = shop.getByRole('listitem', { name: s('account.bookings.order', { number: order.number }) });
      await test.step('logged out, the customer logs in with the password and sees the booking under "my bookings"', async () => {
        await logOut(shop, lang);
        await logIn(shop, lang, customer.email, PASSWORDS.first);
        await expect(shop.getByRole('status').getByText(server('customer-accounts:logged_in'), { exact: true })).toBeVisible();
        await expect(shop.getByRole('heading', { level: 2, name: s('account.bookings.title') })).toBeVisible();
        await expect(booking.getByText(s('order.status.paid'), { exact: true })).toBeVisible();
        await expect(booking.getByText(d.course, { exact: true })).toBeVisible();
        const quote = late ? 'customer-accounts:quote.no_refund' : 'customer-accounts:quote.refund_online';
        await expect(booking.getByText(pattern(server(quote), true))).toBeVisible();
      });

      await test.step(`the customer cancels it: the dialog shows ${late ? 'no refund' : 'the refund'}, then the booking is ${late ? 'cancelled' : 'refunded'}`, async () => {
        await booking.getByRole('button', { name: s('account.cancel.action'), exact: true }).click();
        const dialog = shop.getByRole('dialog', { name: s('account.cancel.title', { number: order.number }) });
        await expect(dialog.getByText(s('account.cancel.final'))).toBeVisible();
        if (late) {
          await expect(dialog.getByText(s('account.cancel.noRefund'), { exact: true })).toBeVisible();
          await dialog.getByRole('button', { name: s('account.cancel.confirmNoRefund'), exact: true }).click();
        } else {
          await expect(dialog.getByText(s('account.cancel.refund'), { exact: true })).toBeVisible();
          await expect(dialog).toContainText(new RegExp(`${escape(s('account.cancel.refund'))}\\s*\\D*${PRICE}[.,]00`));
          await dialog.getByRole('button', { name: s('account.cancel.confirmRefund'), exact: true }).click();
        }
        await expect(dialog).toBeHidden();
        const done = late ? 'customer-accounts:cancel.done_no_refund' : 'customer-accounts:cancel.done_refund_online';
        await expect(shop.getByRole('status').getByText(pattern(server(done), true))).toBeVisible();
        await expect(booking.getByText(s(late ? 'order.status.cancelled' : 'order.status.refunded'), { exact: true })).toBeVisible();
        await expect(booking.getByRole('button', { name: s('account.cancel.action') })).toHaveCount(0);
        await expect(booking.getByRole('link', { name: s('account.bookAgain', { name: d.course }) })).toBeVisible();
        expect((await publicOrder(shop.request, order)).payment_status).toBe(late ? 'cancelled' : 'refunded');
        await waitForMail(
          customer.email,
          server('customer-accounts:mails.order_cancelled.subject', { number: order.number, team: owner.company }),
        );
      });

      await test.step('the provider’s order history shows the cancellation by the customer', async () => {
        const o = (key: string, params: Record<string, string> = {}) => tr(lang, `orders:${key}`, params);
        // The public order id is a UUID (issue 20); the staff page is opened from the order list by its number.
        await page.goto(`/${lang}/backend/orders`);
        await page.getByRole('link', { name: o('list.openLabel', { number: String(order.number) }) }).click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/backend/orders/edit/\\d+$`));
        await expect(page.getByText(o(late ? 'status.cancelled' : 'status.refunded'), { exact: true }).first()).toBeVisible();
        const history = page.getByRole('region', { name: o('edit.history.title') });
        const event = history.locator('.mantine-Timeline-item').filter({
          hasText: o(late ? 'edit.history.events.cancelled' : 'edit.history.events.refunded'),
        });
        await expect(event).toHaveCount(1);
        await expect(event).toContainText(pattern(o('edit.history.by', { who: o('edit.history.actor.customer'), date: '{{date}}' })));
      });

      await test.step('forgot password: the reset mail, the reset page, then the new password works', async () => {
        await logOut(shop, lang);
        await shop.getByRole('button', { name: s('account.forgot.instead'), exact: true }).click();
        const forgot = signIn(shop, lang, 'forgot');
        await forgot.getByRole('textbox', { name: s('account.form.email'), exact: true }).fill(customer.email);
        await forgot.getByRole('button', { name: s('account.forgot.submit'), exact: true }).click();
        await expect(shop.getByText(server('auth:reset_link_sent'), { exact: true })).toBeVisible();

        const mail = await waitForMail(customer.email, server('mail:customer_password_reset.subject'));
        const link = new RegExp(`${escape(baseURL!)}/${lang}/customer/reset/password/[^/\\s]+/[^\\s"<>]+`).exec(mail.text)![0];
        await shop.goto(link);
        await expect(shop.getByRole('heading', { level: 1, name: tr(lang, 'auth:reset.heading') })).toBeVisible();
        await shop.getByLabel(label(lang, 'auth:fields.passwordNew')).fill(PASSWORDS.second);
        await shop.getByLabel(label(lang, 'auth:fields.passwordConfirm')).fill(PASSWORDS.second);
        await shop.getByRole('button', { name: tr(lang, 'auth:reset.submit'), exact: true }).click();
        await expect(shop.getByText(tr(lang, 'auth:reset.success'), { exact: true })).toBeVisible();
        await expect(shop.getByText(server('auth:reset_success'), { exact: true })).toBeVisible();

        await shop.goto(account);
        // The old password no longer works; the new one does.
        await logIn(shop, lang, customer.email, PASSWORDS.first);
        await expect(signIn(shop, lang, 'login').getByRole('alert')).toHaveText(server('customer-accounts:login_failed'));
        await logIn(shop, lang, customer.email, PASSWORDS.second);
        await expect(shop.getByRole('status').getByText(server('customer-accounts:logged_in'), { exact: true })).toBeVisible();
        await expect(booking).toBeVisible();
      });

      if (lang === 'en')
        await test.step('log-in by a mailed link ("e-mail me a link")', async () => {
          await logOut(shop, lang);
          const subject = server('customer-accounts:mails.customer_magic_link.subject', { team: owner.company });
          expect((await parsedMailsTo(customer.email)).map((m) => m.subject)).not.toContain(subject);
          await shop.getByRole('button', { name: s('account.magic.instead'), exact: true }).click();
          const magic = signIn(shop, lang, 'magic');
          await magic.getByRole('textbox', { name: s('account.form.email'), exact: true }).fill(customer.email);
          await magic.getByRole('button', { name: s('account.magic.submit'), exact: true }).click();
          await expect(shop.getByText(server('customer-accounts:link_sent'), { exact: true })).toBeVisible();

          const mail = await waitForMail(customer.email, subject);
          const link = new RegExp(`${escape(baseURL!)}/${lang}/shop/${course.teamId}/account/link\\?token=[^\\s"<>]+`).exec(mail.text)![0];
          await shop.goto(link);
          await shop.getByRole('button', { name: s('account.landing.open'), exact: true }).click();
          await expect(shop).toHaveURL(`${baseURL}${account}`);
          await expect(shop.getByRole('status').getByText(server('customer-accounts:link_opened'), { exact: true })).toBeVisible();
          await expect(booking).toBeVisible();
          // The link works once.
          await shop.goto(link);
          await shop.getByRole('button', { name: s('account.landing.open'), exact: true }).click();
          await expect(shop.getByText(s('account.landing.failed'), { exact: true })).toBeVisible();
          await expect(shop.getByText(server('customer-accounts:link_invalid'), { exact: true })).toBeVisible();
        });

      await context.close();
    });
  });
}
