import { expect, test, type Page } from '@playwright/test';
import { login, registerInBrowser, unique, verifyFromMail } from '../support/accounts.ts';
import { addDays, BASE_DAY, showRange } from '../support/catalogue.ts';
import { escape, tr } from '../support/i18n.ts';
import { configurePayments, openOrder, pdfText, placeOrder, sellableCourse, waitForMail, type PublicTicket } from '../support/selling.ts';

/**
 * Issue 25's "Done when" (once, in English): a provider registers with Business from the landing
 * page and sells; with the platform's billing clock moved to the next month (TEST_HOOKS: nothing
 * sleeps), an internal staff user runs the month's statements on /backend/bexio and sees the
 * invoice synced to bexio (the fake bexio server the configuration starts); the provider reads the
 * invoice PDF under Billing and got it by mail.
 */

const lang = 'en' as const;
const PRICE = '250';
const FAKE_BEXIO = `http://127.0.0.1:${process.env.FAKE_BEXIO_PORT ?? '3196'}`;
const p = (key: string, params: Record<string, string> = {}) => tr(lang, `platform:${key}`, params);

/** YYYY-MM of a moment in the platform's zone (Europe/Zurich). */
function zurichMonth(at: Date): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit' }).formatToParts(at);
  return `${parts.find((x) => x.type === 'year')!.value}-${parts.find((x) => x.type === 'month')!.value}`;
}
/** YYYY-MM-DD of a moment in the platform's zone. */
function zurichDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}
/** "November 2026": how the list shows a month. */
function monthName(month: string): string {
  return new Intl.DateTimeFormat('en-GB', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));
}
/** The invoice of a company on Business since `day` that sold once for PRICE that month (CHF 139 a month pro rata; 3.9 % + 0.49). */
function expectedTotalMinor(day: string): number {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const monthly = Math.round((13_900 * (daysInMonth - d + 1)) / daysInMonth);
  const saleFee = Math.round((Number(PRICE) * 100 * 390) / 10_000) + 49;
  return monthly + saleFee;
}
/** The 1st of the month after `month`, 09:00 in Zurich (07:00 or 08:00 UTC: 08:00 UTC is always that day). */
function firstOfNextMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return `${next}-01T08:00:00Z`;
}

async function moveBillingClock(page: Page, at: string | null) {
  const res = await page.request.post('/api/test-hooks/platform/clock', { data: { at } });
  expect(res.status(), await res.text()).toBe(200);
}

test.describe('platform billing in en', () => {
  test.use({ locale: 'en-CH' });

  test('[en] Business from the landing page, a sale, next month’s statement synced to bexio, the invoice PDF under Billing', async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(240_000);

    const signedUpAt = new Date();
    const owner = await test.step('a provider registers with Business from the landing page', async () => {
      const registered = await registerInBrowser(page, lang, {
        arrive: async (p) => {
          await p.goto(`/${lang}/provider`);
          await p.getByRole('link', { name: tr(lang, 'public:landing.pricing.cta', { plan: 'Business' }) }).click();
          await expect(p).toHaveURL(new RegExp(`/${lang}/register\\?plan=business$`));
        },
        beforeSubmit: async (p) => {
          // The preview names the plan the button chose (nobody picked it in the form) and its fees.
          const plan = p
            .getByText(tr(lang, 'auth:register.preview.plan'), { exact: true })
            .locator('xpath=ancestor::*[.//dl or .//table][1]');
          await expect(plan).toContainText(tr(lang, 'auth:register.plan.business.name'));
          await expect(plan).toContainText(/CHF\s?139/);
          await expect(plan).toContainText(/3\.9\s?%/);
        },
      });
      await verifyFromMail(page, lang, registered.email);
      await login(page, lang, registered.email);
      await expect(page).toHaveURL(new RegExp(`/${lang}/backend$`));
      return registered;
    });

    await test.step('the plan tab says Business', async () => {
      const plan = (await (await page.request.get('/api/team/plan')).json()) as { data?: { plan: string }; plan?: string };
      expect(plan.data?.plan ?? plan.plan).toBe('business');
    });

    const sale = await test.step('it sells a course by invoice and marks the invoice paid', async () => {
      const shopUrl = await configurePayments(page, lang);
      const teamId = /\/shop\/(\d+)$/.exec(shopUrl)![1]!;
      const texts = { typeSet: 'Courses', course: 'Evening pottery', paidTicket: 'Full course', freeTicket: 'Trial evening' };
      const activityId = await sellableCourse(
        page,
        lang,
        texts,
        [{ day: addDays(BASE_DAY, 20), start: '18:00', end: '20:00' }],
        PRICE,
        (d, s, e) => showRange(lang, d, s, e),
      );
      const detail = (await (await request.get(`/api/public/teams/${teamId}/activities/${activityId}`)).json()) as {
        data: { tickets: PublicTicket[] };
      };
      const ticket = detail.data.tickets.find((t) => t.price > 0)!;
      const order = await placeOrder(request, teamId, lang, ticket, 'invoice', {
        firstname: 'Paula',
        lastname: 'Keller',
        email: `${unique('buyer')}@example.com`,
      });
      await openOrder(page, lang, order);
      const o = (key: string) => tr(lang, `orders:${key}`);
      await page.getByRole('button', { name: o('edit.markPaid'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: o('edit.markPaidTitle') });
      await dialog.getByRole('button', { name: o('edit.markPaid'), exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByText(o('status.paid'), { exact: true }).first()).toBeVisible();
      return { teamId, month: zurichMonth(new Date()), signUpDay: zurichDay(signedUpAt) };
    });

    // Internal staff: an address of the platform's domains (INTERNAL_STAFF_DOMAINS).
    const staffContext = await browser.newContext({ locale: 'en-CH' });
    const staff = await staffContext.newPage();
    try {
      await moveBillingClock(staff, firstOfNextMonth(sale.month));

      const number = await test.step('staff run the month’s statements on /backend/bexio and see the invoice synced', async () => {
        const staffer = await registerInBrowser(staff, lang, { email: `${unique('staff')}@bookla.ch` });
        await verifyFromMail(staff, lang, staffer.email);
        await login(staff, lang, staffer.email);
        await expect(staff).toHaveURL(new RegExp(`/${lang}/backend$`));
        // The sidebar's bexio entry is there for internal staff only.
        await staff.getByRole('link', { name: tr(lang, 'backend:nav.bexio'), exact: true }).click();
        await expect(staff).toHaveURL(new RegExp(`/${lang}/backend/bexio$`));

        const run = staff.getByRole('region', { name: p('statements.title') }).or(staff.locator('form', { hasText: p('statements.text') }));
        await run.getByLabel(new RegExp(`^${escape(p('statements.month'))}`)).fill(sale.month);
        await run.getByRole('button', { name: p('statements.run') }).click();
        await expect(staff.getByText(/\d+ created, \d+ existing/).first()).toBeVisible({ timeout: 60_000 });

        // The company's invoice in the list (filtered by its name).
        await staff
          .getByLabel(new RegExp(`^${escape(p('list.filters.team'))}$`))
          .first()
          .fill(owner.company);
        const row = staff
          .getByRole('row', { name: new RegExp(escape(owner.company)) })
          .or(staff.getByRole('listitem').filter({ hasText: owner.company }));
        await expect(row.first()).toBeVisible();
        await expect(row.first()).toContainText(monthName(sale.month));
        // Business from the day of sign-up to the month's end, pro rata, and 3.9 % + 0.49 of the sale (no VAT id set).
        await expect(row.first()).toContainText(`CHF ${(expectedTotalMinor(sale.signUpDay) / 100).toFixed(2)}`);
        const invoiceNumber = /BKL-\d{6}-\d{6}/.exec((await row.first().textContent()) ?? '')![0];
        expect(invoiceNumber).toBe(`BKL-${sale.month.replace('-', '')}-${sale.teamId.padStart(6, '0')}`);

        // bexio: the minute's sweep or "Sync now", whichever comes first; then the row says synced.
        await expect(async () => {
          await staff.reload();
          const current = staff
            .getByRole('row', { name: new RegExp(escape(invoiceNumber)) })
            .or(staff.getByRole('listitem').filter({ hasText: invoiceNumber }))
            .first();
          await expect(current).toBeVisible();
          const sync = current.getByRole('button', { name: p('list.syncLabel', { number: invoiceNumber }) });
          if (await sync.isVisible()) await sync.click();
          await expect(current).toContainText(p('bexioStatus.synced'), { timeout: 5_000 });
        }).toPass({ timeout: 90_000 });

        // bexio itself holds the company as one contact and the invoice once, with its reference.
        const state = (await (await request.get(`${FAKE_BEXIO}/_fake/state`)).json()) as {
          contacts: { nr?: string }[];
          invoices: { api_reference?: string }[];
        };
        expect(state.contacts.filter((c) => c.nr === `BKL-${sale.teamId}`)).toHaveLength(1);
        expect(state.invoices.filter((i) => i.api_reference === invoiceNumber)).toHaveLength(1);
        return invoiceNumber;
      });

      await test.step('the provider got the invoice by mail and reads its PDF under Billing', async () => {
        const mail = await waitForMail(owner.email, `Bookla invoice ${number}`);
        expect(mail.attachments.map((a) => a.contentType)).toContain('application/pdf');

        await page.goto(`/${lang}/backend/config/team/billing`);
        const billing = page.getByRole('region', { name: p('billing.title') }).or(page.locator('section', { hasText: p('billing.title') }));
        await expect(billing.first()).toContainText(number);
        const link = billing.first().getByRole('link', { name: p('billing.pdfLabel', { number }) });
        const href = await link.getAttribute('href');
        const res = await page.request.get(href!);
        expect(res.status()).toBe(200);
        expect(res.headers()['content-type']).toContain('application/pdf');
        const text = await pdfText(await res.body());
        expect(text).toContain(number);
        expect(text).toContain('Business');
      });
    } finally {
      await moveBillingClock(staff, null);
      await staffContext.close();
    }
  });
});
