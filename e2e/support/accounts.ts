import { expect, type Page } from '@playwright/test';
import { label, tr, type Lang } from './i18n.ts';
import { linkFromMail } from './mail.ts';

export const PASSWORD = 'Lindenhof-Kurse-2026';

let counter = 0;
/** Unique per run, so reruns against the same database never collide. */
export function unique(prefix: string): string {
  return `${prefix}-${Date.now().toString(36)}-${(counter++).toString(36)}`;
}

/** Picks an option of a Mantine select by its visible text. */
export async function choose(page: Page, fieldLabel: RegExp, option: string | RegExp) {
  await page.getByLabel(fieldLabel).first().click();
  await page.getByRole('option', { name: option }).first().click();
}

export interface Registered {
  email: string;
  company: string;
  firstname: string;
}

/** Registers a company through the three-step form, as a new provider would. */
let lastOctets = 0;
/**
 * A client address of its own for a new provider: the e2e server trusts the loopback proxy
 * (`TRUST_PROXY=loopback`), so this is the address its per-IP limits count (registrations: 30 per
 * hour, CONTRACT §2). The suite registers more companies than that from one machine; real
 * providers come from addresses of their own.
 */
function providerAddress(): string {
  lastOctets++;
  return `198.18.${(process.pid + lastOctets) % 250}.${(lastOctets % 250) + 1}`;
}

export async function registerInBrowser(
  page: Page,
  lang: Lang,
  opts: {
    firstname?: string;
    /** The account's address (default: a new one at example.com). */
    email?: string;
    /** How the visitor reaches the form (default: its address); e.g. a plan button of the landing page. */
    arrive?: (page: Page) => Promise<void>;
    /** Checks on the form's last step (the preview) before it is sent. */
    beforeSubmit?: (page: Page) => Promise<void>;
  } = {},
): Promise<Registered> {
  await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': providerAddress() });
  const email = opts.email ?? `${unique('owner')}@example.com`;
  const company = unique(`Kurswerk ${lang}`);
  const firstname = opts.firstname ?? 'Anna';
  if (opts.arrive) await opts.arrive(page);
  else await page.goto(`/${lang}/register`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await choose(page, label(lang, 'auth:fields.salutation'), tr(lang, 'auth:fields.salutations.mrs'));
  await page.getByLabel(label(lang, 'auth:fields.firstname')).fill(firstname);
  await page.getByLabel(label(lang, 'auth:fields.lastname')).fill('Muster');
  await page.getByLabel(label(lang, 'auth:fields.email')).fill(email);
  await page.getByLabel(label(lang, 'auth:fields.password')).fill(PASSWORD);
  await page.getByLabel(label(lang, 'auth:fields.passwordConfirm')).fill(PASSWORD);
  await page.getByRole('button', { name: tr(lang, 'auth:register.next') }).click();

  await page.getByLabel(label(lang, 'auth:register.company.name')).fill(company);
  await page.getByLabel(label(lang, 'auth:register.company.phoneNumber')).fill('44 123 45 67');
  await page.getByLabel(label(lang, 'auth:register.company.billingAddress')).fill('Bahnhofstrasse 1');
  await page.getByLabel(label(lang, 'auth:register.company.billingPostalCode')).fill('8001');
  await page.getByLabel(label(lang, 'auth:register.company.billingCity')).fill('Zürich');
  await page.getByRole('button', { name: tr(lang, 'auth:register.next') }).click();

  await expect(page.getByText(company).first()).toBeVisible();
  if (opts.beforeSubmit) await opts.beforeSubmit(page);
  await page.getByRole('checkbox', { name: new RegExp(tr(lang, 'auth:fields.agbLink')) }).check();
  await choose(page, label(lang, 'auth:fields.referral'), /./);
  await page.getByRole('button', { name: tr(lang, 'auth:register.submit'), exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/login/registration_success$`));
  await expect(page.getByText(tr(lang, 'auth:login.status.registration_success.title'))).toBeVisible();
  return { email, company, firstname };
}

/** Opens the verification link from the mail the product sent. */
export async function verifyFromMail(page: Page, lang: Lang, email: string) {
  const link = await linkFromMail(email, /https?:\/\/[^\s"<>]+\/api\/srl\/email\/verify\/[^\s"<>]+/);
  await page.goto(link.replace(/&amp;/g, '&'));
  await expect(page).toHaveURL(new RegExp(`/${lang}/login/verified$`));
}

export async function login(page: Page, lang: Lang, email: string, password = PASSWORD) {
  await page.goto(`/${lang}/login`);
  await submitLogin(page, lang, email, password);
}

/** Logs in on the login page the browser shows (an app screen that led there, say). */
export async function submitLogin(page: Page, lang: Lang, email: string, password = PASSWORD) {
  await page.getByLabel(label(lang, 'auth:fields.email')).fill(email);
  await page.getByLabel(label(lang, 'auth:fields.password')).fill(password);
  // Pressed once the app has taken over (the server's content loses `data-boot-inert`): a notice the
  // history entry carries (password changed, invitation accepted) appears only then and moves the
  // button; a press before that moment is app-boot.spec.ts's subject. CI saw presses land beside it.
  await expect(page.locator('[data-boot-inert]')).toHaveCount(0);
  await page.getByRole('button', { name: tr(lang, 'auth:login.submit'), exact: true }).click();
}

export function sidebar(page: Page) {
  return page.getByRole('navigation', { name: tr('en', 'backend:layout.navigation') }).or(page.locator('nav').first());
}
