import type { Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { unique } from '../support/accounts.ts';
import { orderThroughApi, publishedCourse, saveActivitySettings, serverTr } from '../support/activity-setup.ts';
import { addDays, BASE_DAY, ownerWithCompany } from '../support/catalogue.ts';
import { browserWith, embedFrame, providerPage, providerSite, thirdPartyCookieProbe } from '../support/embeds.ts';
import { escape, tr, type Lang } from '../support/i18n.ts';
import { parsedMailsTo, pattern, shopSteps, shopTr, waitForMail, type Customer, type PlacedOrder } from '../support/selling.ts';

/**
 * Issue 12 (waiting list), once, in English: a course with one seat keeps a waiting list
 * (turned on in its settings tab). Once the seat is booked, a visitor of the provider's own website
 * joins the waiting list inside the embed (third-party cookies blocked) and gets the sign-up mail;
 * another person joins and leaves again with the mail's removal link. The provider cancels the
 * booking: the seat is offered to the first in line at once, who books it from the offer mail's
 * link before the countdown runs out. The back office's waiting list follows every step.
 */

const TEXTS: Record<'de' | 'en', { course: string; ticket: string }> = {
  de: { course: 'Yoga am See bei Sonnenuntergang', ticket: 'Mattenplatz' },
  en: { course: 'Sunset yoga by the lake', ticket: 'Mat place' },
};
/** How long an offer holds the seat: a different value per language, so the texts show the one saved. */
const OFFER_HOURS: Record<'de' | 'en', number> = { de: 36, en: 48 };
const DAY = addDays(BASE_DAY, 28);
const PRICE = '45';

let site: { origin: string; server: Server };
const pages: Record<string, string> = {};

test.beforeAll(async () => {
  site = await providerSite(pages);
});
test.afterAll(async () => {
  await new Promise((resolve) => site?.server.close(resolve));
});

const person = (firstname: string, lastname: string): Customer => ({ firstname, lastname, email: `${unique('wl')}@example.com` });
const fullName = (c: Customer) => `${c.firstname} ${c.lastname}`;

/** `h:mm:ss` or `Nd h:mm:ss` of the offer page's countdown, in seconds. */
function secondsOf(clock: string): number {
  const m = /^(?:(\d+)d )?(\d{1,2}):(\d{2}):(\d{2})$/.exec(clock.trim());
  if (!m) throw new Error(`not a countdown: "${clock}"`);
  return Number(m[1] ?? 0) * 86_400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
}

/** The back office's waiting list, freshly loaded, and the row of one person. */
async function waitingListRow(page: Page, lang: Lang, who: Customer) {
  await page.goto(`/${lang}/backend/customers/waitinglist`);
  const table = page.getByRole('table', { name: tr(lang, 'waiting-list:title') });
  await expect(table).toBeVisible();
  const row = table.getByRole('row').filter({ hasText: who.email });
  await expect(row).toHaveCount(1);
  return row;
}

// Once, in English.
for (const lang of ['en'] as const) {
  test.describe(`waiting list in ${lang}`, () => {
    test.use({ locale: `${lang}-CH` });

    test(`[${lang}] sold out: join inside the embed, leave by the mail's link, the freed seat is offered and booked from the offer link`, async ({
      page,
      browser,
      request,
      baseURL,
    }) => {
      test.setTimeout(240_000);
      const d = TEXTS[lang];
      const hours = OFFER_HOURS[lang];
      const s = (key: string, params: Record<string, string | number> = {}) => shopTr(lang, key, params);
      const w = (key: string, params: Record<string, string> = {}) => tr(lang, `waiting-list:${key}`, params);
      const mail = (key: string, params: Record<string, string | number> = {}) => serverTr(lang, `waitinglist:mail.${key}`, params);

      const owner = await ownerWithCompany(page, lang, [lang]);
      const course = await publishedCourse(page, request, lang, {
        course: d.course,
        ticket: d.ticket,
        day: DAY,
        price: PRICE,
        stock: 1,
        payment: 'invoice',
      });

      await test.step('the provider turns the waiting list on in the activity’s settings tab, with its offer hours', async () => {
        await saveActivitySettings(page, lang, course.activityId, { waitingList: { offerHours: hours } });
        const res = await request.get(`/api/public/teams/${course.teamId}/activities/${course.activityId}`);
        expect(((await res.json()) as { data: { waiting_list: boolean } }).data.waiting_list).toBe(true);
      });

      const anna = person('Anna', 'Erstbucherin');
      let annasOrder: PlacedOrder & { number: number };
      await test.step('buyer A books the one seat (on invoice)', async () => {
        annasOrder = await orderThroughApi(request, course.teamId, lang, course.ticketId, 'invoice', anna);
        const res = await request.get(`/api/public/teams/${course.teamId}/activities/${course.activityId}`);
        const { data } = (await res.json()) as { data: { tickets: { stock_available: number }[] } };
        expect(data.tickets[0]!.stock_available).toBe(0);
      });

      const berta = person('Berta', 'Warteliste');
      await test.step('on the provider’s website, visitor B finds the course sold out inside the embed and joins its waiting list', async () => {
        pages[`/wl-${lang}`] = providerPage(
          baseURL!,
          `<div data-bookla-team="${course.teamId}" data-view="list" data-lang="${lang}"><a href="${baseURL}/${lang}/shop/${course.teamId}">Book online</a></div>`,
        );
        const visitor = await browserWith('block', `${lang}-CH`);
        try {
          const website = await visitor.context.newPage();
          await website.goto(`${site.origin}/wl-${lang}`);
          const embed = website.frameLocator('iframe[data-bookla-frame]');
          await expect(embed.getByRole('heading', { level: 1, name: s('list.title') })).toBeVisible();
          // The iframe is the app's (another site), and its cookies are blocked.
          expect(new URL(embedFrame(website).url()).origin).toBe(new URL(baseURL!).origin);
          expect(await thirdPartyCookieProbe(embedFrame(website))).toEqual({ kept: false, access: false });

          // The card says there is a waiting list (the spec's sold-out state with the list on).
          const card = embed.getByRole('article').filter({ has: embed.getByRole('link', { name: d.course, exact: true }) });
          await expect(card.getByText(s('availability.waitingList'), { exact: true })).toBeVisible();
          await embed.getByRole('link', { name: d.course, exact: true }).click();
          await expect(embed.getByRole('heading', { level: 1, name: d.course })).toBeVisible();
          expect(new URL(embedFrame(website).url()).pathname).toBe(`/${lang}/embed/${course.teamId}/activity/${course.activityId}`);

          // Sold out: no seat can be chosen; the sign-up takes its place.
          const tickets = embed.getByRole('region', { name: s('activity.tickets') });
          await expect(tickets.getByText(s('availability.waitingList'), { exact: true })).toBeVisible();
          await expect(tickets.getByRole('button', { name: s('activity.more', { name: d.ticket }) })).toBeDisabled();
          const join = embed.getByRole('region', { name: s('waitinglist.join.title') });
          await expect(join.getByText(s('waitinglist.join.intro'))).toBeVisible();
          await join.getByRole('textbox', { name: s('waitinglist.join.firstname'), exact: true }).fill(berta.firstname);
          await join.getByRole('textbox', { name: s('waitinglist.join.lastname'), exact: true }).fill(berta.lastname);
          await join.getByRole('textbox', { name: s('waitinglist.join.email'), exact: true }).fill(berta.email);
          await expect(join.getByRole('group', { name: s('waitinglist.join.seats') }).locator('output')).toHaveText('1');
          await join.getByRole('button', { name: s('waitinglist.join.submit'), exact: true }).click();

          const done = embed.getByRole('region', { name: s('waitinglist.join.doneTitle') });
          await expect(done.getByText(s('waitinglist.join.done', { position: 1 }), { exact: true })).toBeVisible();
          await expect(done.getByText(s('waitinglist.join.rule', { hours }), { exact: true })).toBeVisible();
          await expect(done.getByText(s('waitinglist.join.mail', { email: berta.email }), { exact: true })).toBeVisible();
        } finally {
          await visitor.close();
        }
      });

      await test.step('B gets the sign-up mail: place in line, the rule and the removal link', async () => {
        const joined = await waitForMail(berta.email, mail('joined.subject', { activity: d.course }));
        expect(joined.from).toContain(owner.company);
        expect(joined.text).toContain(mail('joined.intro', { activity: d.course, count: 1 }));
        expect(joined.text).toContain(mail('joined.position', { position: 1 }));
        expect(joined.text).toContain(mail('joined.rule', { hours }));
        expect(joined.text).toMatch(
          new RegExp(
            `${escape(mail('joined.action'))}: ${escape(baseURL!)}/${lang}/shop/${course.teamId}/waitinglist/\\d+/remove\\?token=\\S+`,
          ),
        );
      });

      const carl = person('Carl', 'Absager');
      await test.step('C joins too, then opens the removal link of the mail, confirms on its page and sees the removal notice', async () => {
        const res = await request.post(`/api/public/teams/${course.teamId}/waitinglist`, {
          data: {
            activity_id: course.activityId,
            firstname: carl.firstname,
            lastname: carl.lastname,
            email: carl.email,
            quantity: 1,
            language: lang,
          },
        });
        expect(res.status(), await res.text()).toBe(201);
        expect(((await res.json()) as { position: number }).position).toBe(2);
        const joined = await waitForMail(carl.email, mail('joined.subject', { activity: d.course }));
        expect(joined.text).toContain(mail('joined.position', { position: 2 }));
        // The removal link is a shop page (issue 20 item 9): opening it changes nothing, its button removes.
        const link = new RegExp(`${escape(baseURL!)}/${lang}/shop/${course.teamId}/waitinglist/\\d+/remove\\?token=[^\\s"<>]+`).exec(
          joined.text,
        )![0];

        const context = await browser.newContext({ locale: `${lang}-CH` });
        try {
          const carlsPage = await context.newPage();
          await carlsPage.goto(link);
          await expect(carlsPage.getByRole('heading', { level: 1, name: s('waitinglist.remove.title') })).toBeVisible();
          await expect(carlsPage.getByText(s('waitinglist.remove.text'), { exact: true })).toBeVisible();
          // Only opened (as a mail scanner would): C still waits, second in line.
          const carlsRow = await waitingListRow(page, lang, carl);
          await expect(carlsRow.getByText(w('status.waiting'), { exact: true })).toBeVisible();
          await expect(carlsRow.getByLabel(w('positionLabel', { position: '2' }))).toHaveText('2');

          await carlsPage.getByRole('button', { name: s('waitinglist.remove.confirm'), exact: true }).click();
          await expect(carlsPage).toHaveURL(`${baseURL}/${lang}/waitinglist/remove/success`);
          await expect(carlsPage.getByRole('heading', { level: 1, name: s('waitinglistRemoved.title') })).toBeVisible();
          await expect(carlsPage.getByText(s('waitinglistRemoved.text'), { exact: true })).toBeVisible();
        } finally {
          await context.close();
        }
      });

      await test.step('the back office’s waiting list: B waits first in line, C is removed', async () => {
        const carlsRow = await waitingListRow(page, lang, carl);
        await expect(carlsRow.getByText(w('status.removed'), { exact: true })).toBeVisible();
        const bertasRow = page.getByRole('row').filter({ hasText: berta.email });
        await expect(bertasRow.getByText(w('status.waiting'), { exact: true })).toBeVisible();
        await expect(bertasRow.getByLabel(w('positionLabel', { position: '1' }))).toHaveText('1');
        await expect(bertasRow).toContainText(fullName(berta));
      });

      await test.step('the provider cancels A’s order on its edit page', async () => {
        const o = (key: string, params: Record<string, string> = {}) => tr(lang, `orders:${key}`, params);
        // The public reply's id is the order's public id (issue 20); the back office opens it by its number.
        await page.goto(`/${lang}/backend/orders`);
        await page.getByRole('link', { name: o('list.openLabel', { number: String(annasOrder.number) }) }).click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/backend/orders/edit/\\d+$`));
        await expect(page.getByRole('heading', { level: 1, name: o('edit.title', { number: String(annasOrder.number) }) })).toBeVisible();
        await page.getByRole('button', { name: o('edit.cancel'), exact: true }).click();
        const dialog = page.getByRole('dialog', { name: o('edit.cancelTitle') });
        await expect(dialog.getByText(o('edit.cancelText'))).toBeVisible();
        await dialog.getByRole('button', { name: o('edit.cancel'), exact: true }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByText(o('status.cancelled'), { exact: true }).first()).toBeVisible();
      });

      let offerLink = '';
      await test.step('B is offered the seat at once: the offer mail with the personal link, "offered until …" in the back office', async () => {
        const offer = await waitForMail(berta.email, mail('offer.subject', { activity: d.course }));
        expect(offer.text).toContain(mail('offer.intro_one', { activity: d.course, count: 1 }));
        expect(offer.text).toMatch(pattern(mail('offer.until', { hours })));
        offerLink = new RegExp(`${escape(baseURL!)}/${lang}/shop/${course.teamId}/waitinglist/\\d+\\?token=[^\\s"<>]+`).exec(
          offer.text,
        )![0];
        // C left the line: no offer for them.
        expect((await parsedMailsTo(carl.email)).map((m) => m.subject)).not.toContain(mail('offer.subject', { activity: d.course }));

        const row = await waitingListRow(page, lang, berta);
        await expect(row.getByText(w('status.offered'), { exact: true })).toBeVisible();
        await expect(row.getByText(pattern(w('offeredUntil', { time: '{{time}}' }), true))).toBeVisible();
      });

      let bertasOrder: PlacedOrder | undefined;
      await test.step('B opens the offer link: the held seat with its countdown, booked through the checkout', async () => {
        const context = await browser.newContext({ locale: `${lang}-CH` });
        try {
          const shop = await context.newPage();
          await shop.goto(offerLink);
          await expect(shop.getByRole('heading', { level: 1, name: s('waitinglist.offer.title') })).toBeVisible();
          await expect(shop.getByText(s('waitinglist.offer.intro', { name: berta.firstname }), { exact: true })).toBeVisible();
          await expect(shop.getByRole('main').getByText(d.course, { exact: true })).toBeVisible();
          await expect(shop.getByText(s('waitinglist.offer.line', { count: 1, name: d.ticket }), { exact: true })).toBeVisible();

          // The countdown starts near the offer hours and runs.
          const clock = shop.locator('.countdown .clock');
          const first = (await clock.textContent())!;
          expect(secondsOf(first)).toBeLessThanOrEqual(hours * 3600);
          expect(secondsOf(first)).toBeGreaterThan(hours * 3600 - 600);
          await expect(clock).not.toHaveText(first);
          expect(secondsOf((await clock.textContent())!)).toBeLessThan(secondsOf(first));

          const steps = shopSteps(shop, lang);
          await shop.getByRole('button', { name: s('waitinglist.offer.book'), exact: true }).click();
          await expect(shop).toHaveURL(new RegExp(`/${lang}/shop/${course.teamId}/checkout$`));
          await expect(shop.getByRole('heading', { level: 1, name: s('checkout.title') })).toBeVisible();
          await expect(shop.getByRole('region', { name: s('checkout.yourBooking') }).getByRole('listitem')).toHaveText(
            new RegExp(`^1 × ${escape(d.course)} – ${escape(d.ticket)}`),
          );
          await steps.fillCustomer(berta);
          await steps.fillParticipant(1);
          await steps.pay('invoice');
          await steps.acceptTerms();
          await steps.submit(false);
          bertasOrder = await steps.onOrderPage('unpaid');

          // The offer link now says it was booked.
          await shop.goto(offerLink);
          await expect(shop.getByRole('heading', { level: 1, name: s('waitinglist.offer.bookedTitle') })).toBeVisible();
        } finally {
          await context.close();
        }
      });

      await test.step('the back office shows B as booked, with a link to the order', async () => {
        const row = await waitingListRow(page, lang, berta);
        await expect(row.getByText(w('status.booked'), { exact: true })).toBeVisible();
        const number = (
          (await (await request.get(`/api/public/orders/${bertasOrder!.id}?token=${bertasOrder!.token}`)).json()) as {
            data: { number: number };
          }
        ).data.number;
        const link = row.getByRole('link', { name: w('order', { number: String(number) }) });
        // The staff page goes by the numeric row id, not the public id of the shop's order page.
        await expect(link).toHaveAttribute('href', new RegExp(`^/${lang}/backend/orders/edit/\\d+$`));
        await link.click();
        await expect(page).toHaveURL(new RegExp(`/${lang}/backend/orders/edit/\\d+$`));
        await expect(
          page.getByRole('heading', { level: 1, name: tr(lang, 'orders:edit.title', { number: String(number) }) }),
        ).toBeVisible();
        const customer = page.getByRole('region', { name: tr(lang, 'orders:edit.customer'), exact: true });
        await expect(customer.getByRole('textbox', { name: tr(lang, 'orders:edit.email'), exact: true })).toHaveValue(berta.email);
      });
    });
  });
}
