import { expect, test, type Page } from '@playwright/test';
import { unique, type Registered } from '../support/accounts.ts';
import { addDays, BASE_DAY, ownerWithCompany, showRange } from '../support/catalogue.ts';
import { label, tr, type Lang } from '../support/i18n.ts';
import {
  configurePayments,
  fetchPdf,
  mailTr,
  parsedMailsTo,
  pattern,
  pdfPages,
  publicOrder,
  sellableCourse,
  shopSteps,
  testModeOnly,
  ticketCodes,
  waitForMail,
  type CourseTexts,
  type Customer,
  type ParsedMail,
  type PlacedOrder,
} from '../support/selling.ts';

/**
 * Issue 10's "Done when" (once, in German): a new provider sets up a course, turns on
 * the invoice (confirming the IBAN with the password), and a customer (a browser of their own, no
 * login) books in the shop for free and on invoice; then the provider switches to test mode alone
 * (issue 20: never beside a live method) and the customer pays with the test payment. The mails
 * arrive over SMTP with their PDFs and the link to the order page ("[TEST]" for the test order);
 * the tickets PDF opens; the provider checks tickets in through the QR link and the manual page,
 * and the unpaid invoice's and the test order's tickets are refused.
 */

const TEXTS: Record<'de' | 'en', CourseTexts> = {
  de: { typeSet: 'Kurse', course: 'Keramik am Abend', paidTicket: 'Ganzer Kurs', freeTicket: 'Schnupperplatz' },
  en: { typeSet: 'Courses', course: 'Evening pottery', paidTicket: 'Full course', freeTicket: 'Taster place' },
};
const DATES = [0, 1].map((week) => ({ day: addDays(BASE_DAY, 7 * week), start: '18:00', end: '20:00' }));
const PRICE = '240';

function buyer(firstname: string, lastname: string): Customer {
  return { firstname, lastname, email: `${unique('buyer')}@example.com` };
}

/**
 * The mail's order-page link: the same page the browser landed on, with the same token (an
 * unconfirmed invoice order's link also carries its confirm key, issue 20 item 13).
 */
function expectOrderLink(mail: ParsedMail, order: PlacedOrder) {
  const links = [...mail.html.matchAll(/href="([^"]+\/order\/[0-9a-f-]{36}\?token=[^"]+)"/g)].map((m) =>
    m[1]!.replace(/&amp;|&#38;/g, '&').replace(/&confirm=[^&]+$/, ''),
  );
  expect(links).toContain(order.url);
  expect(mail.text).toContain(order.url);
}

/** The mail's files: its PDFs and, on mails that confirm seats, the booking's calendar file (`booking-<n>.ics`). */
function expectAttachments(mail: ParsedMail, names: string[]) {
  expect(mail.attachments.map((a) => a.filename).sort()).toEqual([...names].sort());
  for (const a of mail.attachments) {
    if (a.filename.endsWith('.ics')) {
      expect(a.contentType, a.filename).toMatch(/^text\/calendar/);
      expect(a.content.toString('utf8'), `${a.filename} is a calendar`).toMatch(
        /^BEGIN:VCALENDAR\r\n[\s\S]*BEGIN:VEVENT[\s\S]*END:VCALENDAR\r\n$/,
      );
      continue;
    }
    expect(a.contentType, a.filename).toBe('application/pdf');
    expect(a.content.subarray(0, 5).toString('latin1'), `${a.filename} is a PDF`).toBe('%PDF-');
  }
}

async function checkinResult(page: Page, lang: Lang) {
  const region = page.getByRole('status', { name: tr(lang, 'checkin:result.region') });
  await expect(region).toBeVisible();
  return region;
}

// Once, in German (the phone booking, selling.mobile.spec.ts, runs in French).
for (const lang of ['de'] as const) {
  test.describe(`selling in ${lang}`, () => {
    test.use({ locale: `${lang}-CH` });

    test(`[${lang}] a provider sets up a course and payments; a customer books free, on invoice and by test payment; mails, tickets PDF and check-in`, async ({
      page,
      browser,
      baseURL,
    }) => {
      test.setTimeout(300_000);
      const d = TEXTS[lang];
      const range = (day: string, start: string, end: string) => showRange(lang, day, start, end);
      let owner: Registered | undefined;
      let shopUrl = '';

      await test.step('the provider sets up a course with a paid and a free ticket and turns on the invoice', async () => {
        owner = await ownerWithCompany(page, lang, [lang]);
        shopUrl = await configurePayments(page, lang);
        await sellableCourse(page, lang, d, DATES, PRICE, range);
      });
      const company = owner!.company;

      // The customer: a browser of their own, never logged in.
      const customerContext = await browser.newContext({ locale: `${lang}-CH`, baseURL });
      const shop = await customerContext.newPage();
      const steps = shopSteps(shop, lang);
      const { s } = steps;

      const freeBuyer = buyer('Nora', 'Frei');
      const invoiceBuyer = buyer('Ivo', 'Rechner');
      const testBuyer = buyer('Tara', 'Tester');
      let freeOrder: PlacedOrder | undefined;
      let invoiceOrder: PlacedOrder | undefined;
      let testOrder: PlacedOrder | undefined;

      await test.step('free: two free seats, booked at once', async () => {
        await steps.openActivity(shopUrl, d.course);
        // Both tickets are on sale, with their prices.
        await expect(shop.getByText(d.paidTicket, { exact: true })).toBeVisible();
        await expect(shop.getByText(d.freeTicket, { exact: true })).toBeVisible();
        await steps.choose(d.freeTicket, 2);
        await steps.book();
        await steps.fillCustomer(freeBuyer);
        await steps.fillParticipant(1);
        await steps.fillParticipant(2, { firstname: 'Lena', lastname: 'Gast' });
        await steps.acceptTerms();
        await steps.submit(true);
        freeOrder = await steps.onOrderPage('free');
        await expect(shop.getByText(s('order.next.confirmed'))).toBeVisible();
        await expect(shop.getByText(`${s('order.participants')}: Nora Frei, Lena Gast`)).toBeVisible();
        // The tickets PDF: one page per participant.
        const tickets = shop.getByRole('link', { name: s('order.tickets') });
        expect(await fetchPdf(shop.request, (await tickets.getAttribute('href'))!, 'tickets PDF')).toBe(2);
        await expect(shop.getByRole('link', { name: s('order.invoice') })).toHaveCount(0);
      });

      await test.step('invoice: the order is confirmed unpaid, with the invoice to download', async () => {
        await shop.getByRole('link', { name: s('order.moreActivities') }).click();
        await expect(shop.getByRole('heading', { level: 1, name: s('list.title') })).toBeVisible();
        await shop.getByRole('link', { name: d.course, exact: true }).click();
        await steps.choose(d.paidTicket, 1);
        await steps.book();
        await steps.fillCustomer(invoiceBuyer);
        await steps.fillParticipant(1);
        await steps.pay('invoice');
        await steps.acceptTerms();
        await steps.submit(false);
        invoiceOrder = await steps.onOrderPage('unpaid');
        await expect(shop.getByText(s('order.next.invoiceTitle'))).toBeVisible();
        // No tickets before the money has arrived; the invoice is there.
        await expect(shop.getByRole('link', { name: s('order.tickets') })).toHaveCount(0);
        const invoice = shop.getByRole('link', { name: s('order.invoice') });
        expect(await fetchPdf(shop.request, (await invoice.getAttribute('href'))!, 'invoice PDF')).toBeGreaterThanOrEqual(1);
      });

      await test.step('the provider turns the invoice off and test mode on (never both, issue 20)', async () => {
        await testModeOnly(page, lang);
      });

      await test.step('test payment: the clearly marked test page, Pay, back on the paid order', async () => {
        await steps.openActivity(shopUrl, d.course);
        await steps.choose(d.paidTicket, 1);
        await steps.book();
        await steps.fillCustomer(testBuyer);
        await steps.fillParticipant(1);
        await steps.pay('test');
        await steps.acceptTerms();
        await steps.submit(false);
        await expect(shop).toHaveURL(/\/test-payment\/[^/?]+\?token=/);
        await expect(shop.getByRole('note')).toContainText(s('testPayment.banner'));
        await expect(shop.getByRole('heading', { level: 1, name: s('testPayment.title') })).toBeVisible();
        await expect(shop.getByRole('main').getByText(company, { exact: true })).toBeVisible();
        await shop.getByRole('button', { name: pattern(s('testPayment.pay'), true) }).click();
        testOrder = await steps.onOrderPage('paid');
        await expect(shop.getByText(s('order.next.confirmed'))).toBeVisible();
        const tickets = shop.getByRole('link', { name: s('order.tickets') });
        expect(await fetchPdf(shop.request, (await tickets.getAttribute('href'))!, 'tickets PDF')).toBe(1);
      });

      const free = await publicOrder(shop.request, freeOrder!);
      const invoice = await publicOrder(shop.request, invoiceOrder!);
      const paid = await publicOrder(shop.request, testOrder!);
      expect([free.payment_status, invoice.payment_status, paid.payment_status]).toEqual(['free', 'waiting', 'paid']);
      expect([free.payment_type, invoice.payment_type]).toEqual(['free', 'invoice']);
      // Order numbers are the invoice numbers: sequential in the team.
      expect([invoice.number, paid.number]).toEqual([free.number + 1, free.number + 2]);

      const subjects: [string, string][] = [];
      await test.step('the mails: in the order language, with the order link and the right PDFs', async () => {
        const confirmation = await waitForMail(
          freeBuyer.email,
          mailTr(lang, 'order_confirmation.subject', { number: free.number, team: company }),
        );
        expect(confirmation.from).toContain(company);
        expect(confirmation.text).toContain(mailTr(lang, 'order_confirmation.intro'));
        expectOrderLink(confirmation, freeOrder!);
        expectAttachments(confirmation, [`tickets-${free.number}.pdf`, `booking-${free.number}.ics`]);
        expect(pdfPages(confirmation.attachments[0]!.content.toString('latin1'))).toBe(2);

        const invoiceMail = await waitForMail(
          invoiceBuyer.email,
          mailTr(lang, 'order_invoice.subject', { number: invoice.number, team: company }),
        );
        expectOrderLink(invoiceMail, invoiceOrder!);
        expectAttachments(invoiceMail, [`invoice-${invoice.number}.pdf`, `booking-${invoice.number}.ics`]);

        // A test-mode order's mails say so in the subject (issue 20).
        const paidMail = await waitForMail(
          testBuyer.email,
          `${mailTr(lang, 'test_prefix')} ${mailTr(lang, 'order_paid.subject', { number: paid.number, team: company })}`,
        );
        expectOrderLink(paidMail, testOrder!);
        expectAttachments(paidMail, [`tickets-${paid.number}.pdf`, `receipt-${paid.number}.pdf`, `booking-${paid.number}.ics`]);

        subjects.push(
          [freeBuyer.email, confirmation.subject],
          [invoiceBuyer.email, invoiceMail.subject],
          [testBuyer.email, paidMail.subject],
        );

        // The customer opens the order from the mail.
        const link = /href="([^"]+\/order\/[0-9a-f-]{36}\?token=[^"]+)"/.exec(confirmation.html)![1]!.replace(/&amp;/g, '&');
        await shop.goto(link);
        await steps.onOrderPage('free');
      });
      await customerContext.close();

      await test.step('check-in: the QR link, again, an unpaid and a test ticket, and the manual page', async () => {
        const [testCode] = ticketCodes(paid);
        const [invoiceCode] = ticketCodes(invoice);
        const [firstFreeCode, secondFreeCode] = ticketCodes(free);
        expect([testCode, invoiceCode, firstFreeCode, secondFreeCode].every((c) => c && c.length >= 22)).toBe(true);

        await page.goto(`/ticket/${firstFreeCode}/checkin`);
        let result = await checkinResult(page, lang);
        await expect(result.getByText(tr(lang, 'checkin:result.checkedIn'), { exact: true })).toBeVisible();
        await expect(result).toContainText('Nora Frei');
        await expect(result).toContainText(d.course);

        // The same QR code again: already in, with the time.
        await page.goto(`/ticket/${firstFreeCode}/checkin`);
        result = await checkinResult(page, lang);
        await expect(result.getByText(pattern(tr(lang, 'checkin:result.alreadyAt', { time: '{{time}}' }), true))).toBeVisible();

        // The invoice is not paid: the ticket does not get in.
        await page.goto(`/ticket/${invoiceCode}/checkin`);
        result = await checkinResult(page, lang);
        await expect(result.getByText(tr(lang, 'checkin:result.unpaid'), { exact: true })).toBeVisible();

        // Paid in test mode, no real money (issue 20): refused like an unpaid one.
        await page.goto(`/ticket/${testCode}/checkin`);
        result = await checkinResult(page, lang);
        await expect(result.getByText(tr(lang, 'checkin:result.unpaid'), { exact: true })).toBeVisible();
        await expect(result).toContainText('Tara Tester');

        // At the door by hand: the code typed, then the ticket's link pasted.
        await page.goto(`/${lang}/ticket/checkin`);
        const code = page.getByLabel(label(lang, 'checkin:scanner.code'));
        await code.fill(secondFreeCode!);
        await code.press('Enter');
        result = await checkinResult(page, lang);
        await expect(result.getByText(tr(lang, 'checkin:result.checkedIn'), { exact: true })).toBeVisible();
        await expect(result).toContainText('Lena Gast');
        await expect(code).toHaveValue('');
        await code.fill(`${baseURL}/ticket/${secondFreeCode}/checkin`);
        await code.press('Enter');
        await expect(result.getByText(pattern(tr(lang, 'checkin:result.alreadyAt', { time: '{{time}}' }), true))).toBeVisible();

        // The order knows: both free tickets are in, the test and the invoice's not.
        const after = await Promise.all([freeOrder!, testOrder!, invoiceOrder!].map((o) => publicOrder(page.request, o)));
        const checkedIn = after.map((o) => o.order_items.flatMap((i) => i.participants.map((p) => p.checked_in_at !== null)));
        expect(checkedIn).toEqual([[true, true], [false], [false]]);
      });

      await test.step('no order mailed twice: the online order sent nothing before it was paid', async () => {
        // Checked last, when the background jobs (every 2 s) have long sent whatever they were going to.
        for (const [address, subject] of subjects) expect((await parsedMailsTo(address)).map((m) => m.subject)).toEqual([subject]);
      });
    });
  });
}
