import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { PASSWORD } from './accounts.ts';
import { fillTranslated, pick, saved } from './catalogue.ts';
import { escape, label, tr, type Lang } from './i18n.ts';

/**
 * Helpers of the selling tests (issue 10): the shop's and the order mails' own texts, the mails
 * with their attachments as a customer's mail program shows them, the back office's payment
 * settings and a sellable course, and the shop's steps from the list to the order page.
 */

// ------------------------------------------------------------------------------------ texts

const repo = join(import.meta.dirname, '..', '..');
const jsonCache = new Map<string, Record<string, unknown>>();
function readJson(path: string): Record<string, unknown> {
  if (!jsonCache.has(path)) jsonCache.set(path, JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>);
  return jsonCache.get(path)!;
}

function lookup(root: Record<string, unknown>, key: string): string | undefined {
  let node: unknown = root;
  for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
  return typeof node === 'string' ? node : undefined;
}

const interpolate = (text: string, params: Record<string, string | number>) =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (all, k: string) => (k in params ? String(params[k]) : all));

/**
 * A text of the shop (`apps/web/src/shop/locales/{lang}.json`, or an area's own file such as
 * `account.{lang}.json` for `account.…` keys), with its plurals chosen by `count` as the shop does.
 */
export function shopTr(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const locales = join(repo, 'apps', 'web', 'src', 'shop', 'locales');
  const area = join(locales, `${key.split('.')[0]}.${lang}.json`);
  const dict = existsSync(area) ? readJson(area) : readJson(join(locales, `${lang}.json`));
  const count = params.count;
  const text =
    typeof count === 'number'
      ? (lookup(dict, `${key}_${new Intl.PluralRules(lang).select(count)}`) ?? lookup(dict, `${key}_other`) ?? lookup(dict, key))
      : lookup(dict, key);
  if (text === undefined) throw new Error(`missing shop text ${lang}:${key}`);
  return interpolate(text, params);
}

/** A text of the order mails (`apps/server/src/locales/{lang}/order-mails.json`). */
export function mailTr(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const text = lookup(readJson(join(repo, 'apps', 'server', 'src', 'locales', lang, 'order-mails.json')), key);
  if (text === undefined) throw new Error(`missing mail text ${lang}:order-mails:${key}`);
  return interpolate(text, params);
}

/** A text with `{{…}}` placeholders as a regular expression that matches any value in their place; `whole`: nothing around it. */
export function pattern(text: string, whole = false): RegExp {
  const source = text
    .split(/\{\{\s*\w+\s*\}\}/)
    .map(escape)
    .join('.+');
  return new RegExp(whole ? `^${source}$` : source);
}

// ------------------------------------------------------------------------------------ mails

export interface Attachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

export interface ParsedMail {
  subject: string;
  from: string;
  text: string;
  html: string;
  attachments: Attachment[];
}

interface Entity {
  headers: Map<string, string>;
  body: string;
}

function splitEntity(raw: string): Entity {
  const end = raw.search(/\r?\n\r?\n/);
  const head = end < 0 ? raw : raw.slice(0, end);
  const body = end < 0 ? '' : raw.slice(end).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  // Folded header lines go on with white space.
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function quotedPrintableBytes(s: string): Buffer {
  const text = s.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '=' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(text[i]!, 'utf8'));
  }
  return Buffer.from(bytes);
}

function decodeBody(entity: Entity): Buffer {
  const encoding = (entity.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'base64') return Buffer.from(entity.body.replace(/\s/g, ''), 'base64');
  if (encoding === 'quoted-printable') return quotedPrintableBytes(entity.body);
  return Buffer.from(entity.body, 'utf8');
}

/** `=?UTF-8?Q?…?=` / `=?UTF-8?B?…?=` words of a header (RFC 2047), as a mail program shows them. */
export function decodeHeader(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[QqBb]\?[^?]*\?=)\s+(?==\?)/g, '$1')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : quotedPrintableBytes(text.replace(/_/g, ' ')).toString('utf8'),
    );
}

const param = (header: string | undefined, name: string) =>
  header ? new RegExp(`${name}\\*?=(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header)?.slice(1).find(Boolean) : undefined;

function leaves(raw: string): Entity[] {
  const entity = splitEntity(raw);
  const type = entity.headers.get('content-type') ?? 'text/plain';
  const boundary = param(type, 'boundary');
  if (!/^multipart\//i.test(type) || !boundary) return [entity];
  const parts = entity.body.split(`--${boundary}`).slice(1);
  const out: Entity[] = [];
  for (const part of parts) {
    if (part.startsWith('--')) break;
    out.push(...leaves(part.replace(/^\r?\n/, '').replace(/\r?\n$/, '')));
  }
  return out;
}

/** Parses a mail as the catcher received it: subject, text, HTML and attachments. */
export function parseMail(raw: string): ParsedMail {
  const top = splitEntity(raw);
  const mail: ParsedMail = {
    subject: decodeHeader(top.headers.get('subject') ?? ''),
    from: decodeHeader(top.headers.get('from') ?? ''),
    text: '',
    html: '',
    attachments: [],
  };
  for (const leaf of leaves(raw)) {
    const type = leaf.headers.get('content-type') ?? 'text/plain';
    const disposition = leaf.headers.get('content-disposition');
    const filename = param(disposition, 'filename') ?? param(type, 'name');
    const content = decodeBody(leaf);
    if (filename || /^attachment/i.test(disposition ?? ''))
      mail.attachments.push({ filename: decodeHeader(filename ?? ''), contentType: type.split(';')[0]!.trim(), content });
    else if (/^text\/html/i.test(type)) mail.html += content.toString('utf8');
    else if (/^text\/plain/i.test(type)) mail.text += content.toString('utf8');
  }
  return mail;
}

const mailHttpPort = () => Number(process.env.MAIL_HTTP_PORT ?? 3197);

export async function parsedMailsTo(address: string): Promise<ParsedMail[]> {
  const res = await fetch(`http://127.0.0.1:${mailHttpPort()}/mails?to=${encodeURIComponent(address)}`);
  const list = (await res.json()) as { raw: string }[];
  return list.map((m) => parseMail(m.raw));
}

/** Waits for the mail to `address` whose subject is `subject` (at most 30 s: the outbox sends in the background). */
export async function waitForMail(address: string, subject: string): Promise<ParsedMail> {
  let found: ParsedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await parsedMailsTo(address)).find((m) => m.subject === subject);
        return found ? 'there' : (await parsedMailsTo(address)).map((m) => m.subject);
      },
      { timeout: 30_000, message: `mail to ${address}: "${subject}"` },
    )
    .toBe('there');
  return found!;
}

/** A PDF: the right type, and the file starts as a PDF does. Returns its text for page counting. */
export function expectPdf(content: Buffer, what: string): string {
  expect(content.subarray(0, 5).toString('latin1'), `${what} is a PDF`).toBe('%PDF-');
  return content.toString('latin1');
}

/** Pages of a PDF that pdfkit wrote (its page objects are plain `/Type /Page` dictionaries). */
export const pdfPages = (text: string) => (text.match(/\/Type\s*\/Page\b(?!s)/g) ?? []).length;

/** Fetches a document link of the order page and checks it is a PDF; returns its pages. */
export async function fetchPdf(request: APIRequestContext, url: string, what: string): Promise<number> {
  const res = await request.get(url);
  expect(res.status(), `${what}: ${url}`).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^application\/pdf/);
  return pdfPages(expectPdf(await res.body(), what));
}

// ------------------------------------------------------------------------------------ back office

export const IBAN = 'CH93 0076 2011 6238 5295 7';

/**
 * `/{lang}/backend/config/integration`: turns on the invoice with the IBAN — where the money goes,
 * so the save asks for the owner's password in a dialog (issue 20) — saves, and returns the shop's
 * address from the page's "Link to your shop". Test mode stays off: it is refused beside invoices
 * (see `testModeOnly`).
 */
export async function configurePayments(page: Page, lang: Lang): Promise<string> {
  const s = (key: string) => tr(lang, `selling-settings:integration.${key}`);
  await page.goto(`/${lang}/backend/config/integration`);
  const form = page.getByRole('form', { name: s('formLabel') });
  await expect(form).toBeVisible();
  const invoice = form.getByRole('region', { name: s('invoice.title'), exact: true });
  await invoice.getByRole('switch', { name: s('invoice.enabled') }).check({ force: true });
  await invoice.getByLabel(label(lang, 'selling-settings:integration.invoice.iban')).fill(IBAN);
  // While invoice is on, the test payment cannot be turned on (and says why).
  await expect(form.getByRole('switch', { name: new RegExp(escape(s('testMode.enabled'))) })).toBeDisabled();
  await form.getByRole('button', { name: s('save'), exact: true }).click();
  const dialog = page.getByRole('dialog', { name: s('money.title') });
  await dialog.getByLabel(label(lang, 'selling-settings:integration.money.password')).fill(PASSWORD);
  await saved(page, 'PUT', /^\/api\/config\/integration$/, () => dialog.getByRole('button', { name: s('money.confirm') }).click());
  await expect(dialog).toBeHidden();

  // After a reload the settings are still there (the IBAN grouped in fours).
  await page.reload();
  await expect(invoice.getByRole('switch', { name: s('invoice.enabled') })).toBeChecked();
  await expect(invoice.getByLabel(label(lang, 'selling-settings:integration.invoice.iban'))).toHaveValue(IBAN);
  await expect(form.getByRole('switch', { name: new RegExp(escape(s('testMode.enabled'))) })).not.toBeChecked();
  const shop = form.getByRole('link', { name: /\/shop\// });
  const href = (await shop.getAttribute('href'))!;
  expect(href).toMatch(new RegExp(`/${lang}/shop/\\d+$`));
  return href;
}

/**
 * `/{lang}/backend/config/integration`: the invoice off and the test payment on (test mode is
 * only allowed while no live method is on, issue 20). No money field changes: no password.
 */
export async function testModeOnly(page: Page, lang: Lang): Promise<void> {
  const s = (key: string) => tr(lang, `selling-settings:integration.${key}`);
  await page.goto(`/${lang}/backend/config/integration`);
  const form = page.getByRole('form', { name: s('formLabel') });
  await expect(form).toBeVisible();
  const invoice = form.getByRole('region', { name: s('invoice.title'), exact: true });
  await invoice.getByRole('switch', { name: s('invoice.enabled') }).uncheck({ force: true });
  const testMode = form.getByRole('switch', { name: new RegExp(escape(s('testMode.enabled'))) });
  await expect(testMode).toBeEnabled();
  await testMode.check({ force: true });
  await saved(page, 'PUT', /^\/api\/config\/integration$/, () => form.getByRole('button', { name: s('save'), exact: true }).click());
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

export interface CourseTexts {
  typeSet: string;
  course: string;
  paidTicket: string;
  freeTicket: string;
}

export interface CourseDate {
  day: string;
  start: string;
  end: string;
}

/**
 * A course that can be sold, set up in the back office as a provider would: a type set, the
 * activity, its dates, a paid ticket for the whole course and a free one, then published.
 * Returns the activity's id.
 */
export async function sellableCourse(
  page: Page,
  lang: Lang,
  d: CourseTexts,
  dates: CourseDate[],
  price: string,
  showRange: (day: string, start: string, end: string) => string,
): Promise<number> {
  await page.goto(`/${lang}/backend/course/type_sets`);
  await page
    .getByRole('button', { name: tr(lang, 'setup:typeSets.create') })
    .first()
    .click();
  const typeSetDialog = page.getByRole('dialog', { name: tr(lang, 'setup:typeSets.new') });
  await fillTranslated(typeSetDialog, tr(lang, 'setup:typeSets.name'), { [lang]: d.typeSet });
  await pick(
    page,
    typeSetDialog.getByRole('combobox', { name: label(lang, 'setup:typeSets.kind') }),
    tr(lang, 'setup:typeSets.kinds.course'),
  );
  await typeSetDialog.getByRole('button', { name: tr(lang, 'setup:typeSets.createSubmit') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/backend/course/type_set/\\d+$`));

  await page.goto(`/${lang}/backend/courses`);
  await page
    .getByRole('button', { name: tr(lang, 'activities:create.open') })
    .first()
    .click();
  const create = page.getByRole('dialog', { name: tr(lang, 'activities:create.title') });
  await pick(page, create.getByRole('combobox', { name: label(lang, 'activities:fields.typeSet') }), d.typeSet);
  await fillTranslated(create, tr(lang, 'activities:fields.name'), { [lang]: d.course });
  await create.getByRole('button', { name: tr(lang, 'activities:create.submit') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/backend/courses/edit/\\d+/basic$`));
  const activityId = Number(/edit\/(\d+)\//.exec(page.url())![1]);
  const tab = (key: string) => page.getByRole('tab', { name: tr(lang, `activities:tabs.${key}`), exact: true });

  await tab('dates').click();
  const add = page.getByRole('form', { name: tr(lang, 'timetable:dates.addTitle') });
  const list = page.getByRole('region', { name: tr(lang, 'timetable:dates.title'), exact: true });
  for (const date of dates) {
    await add.getByLabel(label(lang, 'timetable:dates.date')).fill(date.day);
    await add.getByLabel(label(lang, 'timetable:dates.date')).press('Tab');
    await add.getByLabel(label(lang, 'timetable:dates.start')).fill(date.start);
    await add.getByLabel(label(lang, 'timetable:dates.end')).fill(date.end);
    await saved(page, 'POST', /^\/api\/courses\/\d+\/sessions$/, () =>
      add.getByRole('button', { name: tr(lang, 'timetable:dates.add') }).click(),
    );
    await expect(list.getByText(showRange(date.day, date.start, date.end))).toBeVisible();
    // The form empties itself after the date is added: the next date waits for that.
    await expect(add.getByLabel(label(lang, 'timetable:dates.start'))).toHaveValue('');
  }

  await tab('tickets').click();
  for (const [name, amount, stock] of [
    [d.paidTicket, price, '10'],
    [d.freeTicket, '0', '10'],
  ] as const) {
    await page.getByRole('button', { name: tr(lang, 'tickets:tickets.add') }).click();
    const dialog = page.getByRole('dialog', { name: tr(lang, 'tickets:tickets.addTitle') });
    await fillTranslated(dialog, tr(lang, 'tickets:tickets.name'), { [lang]: name });
    await dialog.getByLabel(label(lang, 'tickets:tickets.price')).fill(amount);
    await dialog.getByLabel(label(lang, 'tickets:tickets.stock')).fill(stock);
    await dialog.getByRole('button', { name: tr(lang, 'tickets:save'), exact: true }).click();
    await expect(dialog).toBeHidden();
  }
  const whole = page.getByRole('region', { name: tr(lang, 'tickets:tickets.wholeTitle') });
  await expect(whole.getByRole('row', { name: new RegExp(escape(d.paidTicket)) })).toBeVisible();
  await expect(whole.getByRole('row', { name: new RegExp(escape(d.freeTicket)) })).toBeVisible();

  const publish = page.getByRole('switch', { name: tr(lang, 'activities:edit.publish') });
  // The switch turns on once the server has published the activity.
  await publish.click({ force: true });
  await expect(publish).toBeChecked();
  await page.reload();
  await expect(publish).toBeChecked();
  return activityId;
}

// ------------------------------------------------------------------------------------ shop

export interface Customer {
  firstname: string;
  lastname: string;
  email: string;
}

export interface PlacedOrder {
  /** The order's public id (issue 20). */
  id: string;
  token: string;
  /** The order page's address (as the mails link it). */
  url: string;
}

export interface PublicTicket {
  id: number;
  price: number;
}
export interface Placed extends PlacedOrder {
  number: number;
  customer: Customer;
}

/** Places an order through the public API (CONTRACT §4), as the shop would; test payments are paid. */
export async function placeOrder(
  request: APIRequestContext,
  teamId: string,
  lang: Lang,
  ticket: PublicTicket,
  method: 'free' | 'invoice' | 'test',
  customer: Customer,
): Promise<Placed> {
  const res = await request.post(`/api/public/teams/${teamId}/orders`, {
    data: {
      items: [{ ticket_id: ticket.id, quantity: 1 }],
      customer,
      participants: [{ ticket_id: ticket.id, firstname: customer.firstname, lastname: customer.lastname, answers: {} }],
      answers: {},
      payment_method: method,
      language: lang,
      accept_terms: true,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const body = (await res.json()) as { order: { id: string; number: number }; order_url: string; payment_url: string | null };
  const token = new URL(body.order_url).searchParams.get('token')!;
  if (method === 'test') {
    const payment = new URL(body.payment_url!, 'http://x');
    const id = payment.pathname.split('/').pop()!;
    const paid = await request.post(`/api/public/test-payments/${id}?token=${encodeURIComponent(payment.searchParams.get('token')!)}`, {
      data: { outcome: 'pay' },
    });
    expect(paid.status(), await paid.text()).toBe(200);
  }
  return { id: body.order.id, number: body.order.number, token, url: body.order_url, customer };
}

/** The order's edit page in the back office, opened from the orders list as staff would. */
export async function openOrder(page: Page, lang: Lang, order: Placed) {
  await page.goto(`/${lang}/backend/orders`);
  await page.getByRole('link', { name: tr(lang, 'orders:list.openLabel', { number: String(order.number) }) }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/backend/orders/edit/\\d+$`));
  await expect(
    page.getByRole('heading', { level: 1, name: tr(lang, 'orders:edit.title', { number: String(order.number) }) }),
  ).toBeVisible();
}

/** The shop's steps, in the words of the shop's language. */
export function shopSteps(page: Page, lang: Lang) {
  const s = (key: string, params: Record<string, string | number> = {}) => shopTr(lang, key, params);

  return {
    s,

    /** From the list to the activity's page by its card. */
    async openActivity(shopUrl: string, name: string) {
      await page.goto(shopUrl);
      await expect(page.getByRole('heading', { level: 1, name: s('list.title') })).toBeVisible();
      await page.getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(/\/activity\/\d+$/);
      await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    },

    /** Picks `n` of a ticket with its + button. */
    async choose(ticket: string, n: number) {
      const stepper = page.getByRole('group', { name: s('activity.quantityOf', { name: ticket }) });
      for (let i = 0; i < n; i++) await stepper.getByRole('button', { name: s('activity.more', { name: ticket }) }).click();
      await expect(stepper.locator('output')).toHaveText(String(n));
    },

    /** Book: the seats are held and the checkout opens with its countdown. */
    async book() {
      await page.getByRole('button', { name: s('activity.book'), exact: true }).click();
      await expect(page).toHaveURL(/\/checkout$/);
      await expect(page.getByRole('heading', { level: 1, name: s('checkout.title') })).toBeVisible();
    },

    customer(): Locator {
      return page.getByRole('region', { name: s('checkout.customer.title') });
    },

    async fillCustomer(c: Customer) {
      const region = page.getByRole('region', { name: s('checkout.customer.title') });
      // Required fields carry a " *" beside their label that screen readers skip: find them by their accessible name.
      await region.getByRole('textbox', { name: s('checkout.customer.firstname'), exact: true }).fill(c.firstname);
      await region.getByRole('textbox', { name: s('checkout.customer.lastname'), exact: true }).fill(c.lastname);
      await region.getByRole('textbox', { name: s('checkout.customer.email'), exact: true }).fill(c.email);
    },

    participant(n: number): Locator {
      return page.getByRole('group', { name: new RegExp(`^${escape(s('checkout.participant.title', { n }))} `) });
    },

    /** The first participant takes the customer's details with one click; others are typed. */
    async fillParticipant(n: number, p?: { firstname: string; lastname: string }) {
      const group = page.getByRole('group', { name: new RegExp(`^${escape(s('checkout.participant.title', { n }))} `) });
      if (!p) {
        await group.getByRole('button', { name: s('checkout.participant.sameAsCustomer') }).click();
        return;
      }
      await group.getByRole('textbox', { name: s('checkout.participant.firstname'), exact: true }).fill(p.firstname);
      await group.getByRole('textbox', { name: s('checkout.participant.lastname'), exact: true }).fill(p.lastname);
    },

    /** Picks a payment method (only offered when there is a choice). */
    async pay(method: 'invoice' | 'test') {
      const methods = page.getByRole('group', { name: s('checkout.payment.title') });
      await methods.getByRole('radio', { name: new RegExp(`^${escape(s(`checkout.payment.${method}`))}`) }).check();
    },

    async acceptTerms() {
      await page.getByRole('checkbox', { name: new RegExp(`^${escape(s('checkout.terms.accept'))}`) }).check();
    },

    /** Sends the order; returns once the browser is on the next page (order or payment page). */
    async submit(free: boolean) {
      await page.getByRole('button', { name: free ? s('checkout.submitFree') : s('checkout.submitPay'), exact: true }).click();
    },

    /** The order page: its id and token from the address, its status label. */
    async onOrderPage(status: 'free' | 'paid' | 'unpaid'): Promise<PlacedOrder> {
      // Back from a payment page the address also says so (`&payment=return`).
      await expect(page).toHaveURL(/\/order\/[0-9a-f-]{36}\?token=[^&]+(&payment=return)?$/);
      await expect(page.getByRole('heading', { level: 1, name: pattern(s('order.title')) })).toBeVisible();
      await expect(page.getByTestId('order-status')).toHaveText(s(`order.status.${status}`));
      const url = new URL(page.url());
      const token = url.searchParams.get('token')!;
      return { id: /\/order\/([0-9a-f-]{36})/.exec(url.pathname)![1]!, token, url: `${url.origin}${url.pathname}?token=${token}` };
    },
  };
}

export interface PublicOrder {
  id: string;
  number: number;
  payment_type: string;
  payment_status: string;
  order_items: { participants: { firstname: string; lastname: string; ticket_code: string; checked_in_at: string | null }[] }[];
}

/** The order as the customer's link shows it (CONTRACT §4). */
export async function publicOrder(request: APIRequestContext, order: PlacedOrder): Promise<PublicOrder> {
  const res = await request.get(`/api/public/orders/${order.id}?token=${encodeURIComponent(order.token)}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: PublicOrder }).data;
}

export const ticketCodes = (order: PublicOrder) => order.order_items.flatMap((i) => i.participants.map((p) => p.ticket_code));

/** The page is exactly as wide as the screen: nothing needs sideways scrolling. */
export async function expectNoSidewaysScroll(page: Page) {
  const sizes = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  expect(sizes.scroll, `page is ${sizes.scroll}px wide on a ${sizes.inner}px screen`).toBeLessThanOrEqual(sizes.inner);
}

/** The text of a PDF as a reader sees it (PDF.js, as in the server's tests): the fonts are embedded subsets, so raw bytes do not show words. */
export async function pdfText(content: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(content), isEvalSupported: false, disableFontFace: true, verbosity: 0 });
  try {
    const doc = await task.promise;
    const pages: string[] = [];
    for (let n = 1; n <= doc.numPages; n++) {
      const items = (await (await doc.getPage(n)).getTextContent()).items;
      pages.push(items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : ' ') : '')).join(''));
    }
    return pages.join('\n').replace(/\u00a0/g, ' ');
  } finally {
    await task.destroy();
  }
}
