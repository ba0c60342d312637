import { expect, type APIResponse, type Browser, type Locator, type Page } from '@playwright/test';
import { login, PASSWORD, registerInBrowser, unique, verifyFromMail, type Registered } from './accounts.ts';
import { escape, type Lang } from './i18n.ts';
import { linkFromMail } from './mail.ts';

/** A translatable text as the forms take it: one value per team language. */
export type Texts = Partial<Record<Lang, string>>;

/** Every date of the catalogue tests lies after this Monday, so nothing ever is in the past. */
export const BASE_DAY = '2027-03-01';

/** `2027-03-01` + n days, as `YYYY-MM-DD` (calendar arithmetic in UTC, no zone involved). */
export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The back office's date and time formats (apps/web/src/lib/format.ts): the team's wall time.
 * The test teams are Swiss, so English is day-first with 24-hour times too (decision 021; only a
 * US team, or a user who chose it, reads MM/DD/YYYY h:mm A).
 */
export function showDateTime(lang: Lang, day: string, time: string): string {
  const [y, m, d] = day.split('-');
  return `${lang === 'de' ? `${d}.${m}.${y}` : `${d}/${m}/${y}`} ${showTime(lang, time)}`;
}

export function showTime(_lang: Lang, time: string): string {
  return time;
}

/** A date on one day, as the dates, tickets and resources tabs show it. */
export const showRange = (lang: Lang, day: string, start: string, end: string) =>
  `${showDateTime(lang, day, start)} – ${showTime(lang, end)}`;

/** "März 2027" / "March 2027": the calendar's month title. */
export const monthTitle = (lang: Lang, day: string) =>
  new Intl.DateTimeFormat(lang, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));

/**
 * The back office's API with the browser's session: the page's cookies, and the XSRF header
 * the web app would send. For set-up that is not the point of a test, and for checking what
 * the server allows.
 */
export function api(page: Page) {
  const xsrf = async (): Promise<string> => {
    const find = async () => (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN')?.value;
    let token = await find();
    if (!token) {
      await page.request.get('/sanctum/csrf-cookie');
      token = await find();
    }
    return decodeURIComponent(token ?? '');
  };
  const send = async (method: 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<APIResponse> =>
    page.request.fetch(path, {
      method,
      headers: { 'X-XSRF-TOKEN': await xsrf(), Accept: 'application/json' },
      ...(data === undefined ? {} : { data }),
    });
  const ok = async <T>(res: APIResponse, what: string): Promise<T> => {
    expect(res.ok(), `${what}: ${res.status()} ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  return {
    send,
    get: async <T>(path: string) => ok<T>(await page.request.get(path, { headers: { Accept: 'application/json' } }), `GET ${path}`),
    post: async <T>(path: string, data?: unknown) => ok<T>(await send('POST', path, data), `POST ${path}`),
    put: async <T>(path: string, data?: unknown) => ok<T>(await send('PUT', path, data), `PUT ${path}`),
  };
}

/**
 * A new provider in the back office: registers in the browser, verifies, logs in. The company's
 * languages are then set to `languages` (the first is its main language).
 */
export async function ownerWithCompany(page: Page, lang: Lang, languages: Lang[]): Promise<Registered> {
  const owner = await registerInBrowser(page, lang);
  await verifyFromMail(page, lang, owner.email);
  await login(page, lang, owner.email);
  await expect(page).toHaveURL(new RegExp(`/${lang}/backend$`));
  if (languages.join() !== lang) {
    const client = api(page);
    const { data } = await client.get<{ data: Record<string, unknown> }>('/api/team/general');
    await client.put('/api/team/general', { ...data, languages });
    await page.reload();
  }
  return owner;
}

/**
 * Fills a translatable text field: with one team language a plain input, with more a language
 * switcher (DE / EN / FR) in front of one input per language.
 */
export async function fillTranslated(scope: Page | Locator, fieldLabel: string, texts: Texts) {
  const entries = Object.entries(texts) as [Lang, string][];
  if (entries.length === 1) {
    await scope.getByLabel(new RegExp(`^${escape(fieldLabel)}( \\*)?$`)).fill(entries[0]![1]);
    return;
  }
  const group = scope.getByRole('group', { name: fieldLabel, exact: true });
  for (const [lang, text] of entries) {
    // The radio itself is visually hidden: click its visible label.
    const id = await group.getByRole('radio', { name: new RegExp(`^${lang.toUpperCase()}\\b`) }).getAttribute('id');
    await group.locator(`label[for="${id}"]`).click();
    await group.getByRole('textbox').fill(text);
  }
}

/** Picks an option of a Mantine select (or adds one to a multi-select). */
export async function pick(page: Page, field: Locator, option: string | RegExp) {
  await field.click();
  await page
    .getByRole('option', { name: option, exact: typeof option === 'string' })
    .first()
    .click();
}

/** A text of `texts` in the screen's language, or the company's main language (the server's fallback). */
export const textIn = (texts: Texts, lang: Lang) => texts[lang] ?? Object.values(texts)[0]!;

/** FullCalendar's own names of its "next" button (its locale files, not the app's). */
const NEXT_MONTH: Record<Lang, string> = { de: 'Nächster Monat', en: 'Next Month', fr: 'Mois suivant' };

/** Pages the calendar's month view forward until it shows the month of `day`. */
export async function calendarToMonth(page: Page, lang: Lang, day: string) {
  const title = monthTitle(lang, day);
  const heading = page.getByRole('main').getByRole('heading', { level: 2 });
  await expect(heading).toBeVisible();
  for (let i = 0; i < 36 && (await heading.textContent())?.trim() !== title; i++) {
    await page.getByRole('button', { name: NEXT_MONTH[lang], exact: true }).click();
  }
  await expect(heading).toHaveText(title);
}

/**
 * Runs `action` (a click that saves) and waits for the server's answer to the request it sends,
 * so the next step never races the save. Returns the reply; a failed save fails the test.
 */
export async function saved(page: Page, method: 'POST' | 'PUT' | 'DELETE', path: RegExp, action: () => Promise<void>) {
  const reply = page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname));
  await action();
  const res = await reply;
  expect(res.ok(), `${method} ${res.url()}: ${res.status()}`).toBe(true);
  return res;
}

/**
 * Invites an instructor (API), who accepts from the mail's link and logs in in a browser of their
 * own. Returns their page and address.
 */
export async function invitedInstructor(page: Page, browser: Browser, lang: Lang): Promise<{ page: Page; email: string }> {
  const email = `${unique('instructor')}@example.com`;
  await api(page).post('/api/team/invitations', { email, role: 'instructor' });
  const link = await linkFromMail(email, /https?:\/\/[^\s"<>]+\/accept-invite\/[^\s"<>]+/);
  const [, teamId, invitationId, hash] = /accept-invite\/([^/]+)\/([^/]+)\/([^/?#\s]+)/.exec(link)!;
  const context = await browser.newContext({ locale: `${lang}-CH` });
  const invited = await context.newPage();
  await api(invited).post(`/api/srl/team/${teamId}/invite/${invitationId}/accept/${hash}`, {
    user: {
      salutation: 'mr',
      firstname: 'Luca',
      lastname: 'Leiter',
      password: PASSWORD,
      password_confirm: PASSWORD,
      agb: true,
      newsletter: false,
    },
  });
  await login(invited, lang, email);
  await expect(invited).toHaveURL(new RegExp(`/${lang}/backend$`));
  return { page: invited, email };
}
