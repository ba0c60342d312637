import { expect, test, type Page } from '@playwright/test';
import { choose, login, PASSWORD, registerInBrowser, submitLogin, verifyFromMail } from '../support/accounts.ts';
import { escape, label, tr, type Lang } from '../support/i18n.ts';
import { linkFromMail } from '../support/mail.ts';
import { totpNow } from '../support/totp.ts';

const backendUrl = (lang: Lang) => new RegExp(`/${lang}/backend$`);
const nav = (page: Page, lang: Lang) => page.getByLabel(tr(lang, 'backend:layout.navigation'));
const navLink = (page: Page, lang: Lang, key: string) =>
  nav(page, lang).getByRole('link', { name: tr(lang, `backend:nav.${key}`), exact: true });

/** Opens a collapsed sidebar group (Customers, Attributes, Configurations). */
async function expandGroup(page: Page, lang: Lang, key: string) {
  const group = nav(page, lang).getByRole('button', { name: tr(lang, `backend:nav.${key}`), exact: true });
  if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
}

/** The company menu's button: "<company> <user>, <label>" (its name starts with what it shows). */
function teamMenuName(lang: Lang, company?: string): RegExp {
  return new RegExp(`${company ? `^${escape(company)} ` : ''}.* ?, ${escape(tr(lang, 'backend:teamMenu.label'))}$`);
}

async function openTeamMenu(page: Page, lang: Lang) {
  await page
    .getByRole('button', { name: teamMenuName(lang) })
    .first()
    .click();
}

async function logout(page: Page, lang: Lang) {
  await openTeamMenu(page, lang);
  await page.getByRole('menuitem', { name: tr(lang, 'backend:teamMenu.logout') }).click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/login/logout$`));
}

// Each journey runs once, in one language; the languages vary between journeys so de, en and fr
// each carry real ones. Every page group is smoked in all three languages by
// language-smoke.spec.ts, and translation parity is unit-tested (decision 015).
for (const lang of ['de'] as const) {
  test(`[${lang}] a provider registers, verifies the e-mail, logs in and sees the owner's back office`, async ({ page }) => {
    const owner = await registerInBrowser(page, lang);

    // Logging in before verifying asks for the verification, with a resend action.
    await login(page, lang, owner.email);
    await expect(page.getByText(tr(lang, 'auth:verification.prompt'))).toBeVisible();

    await verifyFromMail(page, lang, owner.email);
    await login(page, lang, owner.email);
    await expect(page).toHaveURL(new RegExp(`/${lang}/backend$`));
    for (const key of ['dashboard', 'courses', 'calendar', 'discounts', 'orders']) {
      await expect(navLink(page, lang, key)).toBeVisible();
    }
    await expandGroup(page, lang, 'configuration');
    for (const key of ['company', 'features']) await expect(navLink(page, lang, key)).toBeVisible();
    await expandGroup(page, lang, 'attributeGroup');
    await expect(navLink(page, lang, 'typeSets')).toBeVisible();
    await expect(navLink(page, lang, 'subscriptions')).toHaveCount(0);
    await expect(navLink(page, lang, 'bexio')).toHaveCount(0);
    await expect(page.getByText(owner.company).first()).toBeVisible();
  });
}

for (const lang of ['fr'] as const) {
  test(`[${lang}] an invited instructor accepts and sees only the instructor entries`, async ({ page, browser }) => {
    const owner = await registerInBrowser(page, lang);
    await verifyFromMail(page, lang, owner.email);
    await login(page, lang, owner.email);
    await expect(page).toHaveURL(backendUrl(lang));

    await page.goto(`/${lang}/backend/config/team/staff`);
    const colleague = `kursleiter-${Date.now().toString(36)}@example.com`;
    await page.getByLabel(label(lang, 'settings:invite.email')).fill(colleague);
    await choose(page, label(lang, 'settings:invite.role'), tr(lang, 'settings:roles.instructor'));
    await page.getByRole('button', { name: tr(lang, 'settings:invite.submit') }).click();
    // The open invitation is listed with the instructor role.
    await expect(
      page.getByRole('row', { name: new RegExp(`${escape(colleague)}.*${tr(lang, 'settings:roles.instructor')}`) }),
    ).toBeVisible();

    const link = await linkFromMail(colleague, /https?:\/\/[^\s"<>]+\/accept-invite\/[^\s"<>]+/);
    const context = await browser.newContext({ locale: `${lang}-CH` });
    const invited = await context.newPage();
    await invited.goto(link);
    await expect(invited.getByText(tr(lang, 'auth:invite.invitedTo', { team: owner.company }))).toBeVisible();
    await choose(invited, label(lang, 'auth:fields.salutation'), tr(lang, 'auth:fields.salutations.mr'));
    await invited.getByLabel(label(lang, 'auth:fields.firstname')).fill('Luca');
    await invited.getByLabel(label(lang, 'auth:fields.lastname')).fill('Leiter');
    await invited.getByLabel(label(lang, 'auth:fields.password')).fill(PASSWORD);
    await invited.getByLabel(label(lang, 'auth:fields.passwordConfirm')).fill(PASSWORD);
    await invited.getByRole('checkbox', { name: new RegExp(tr(lang, 'auth:fields.agbLink')) }).check();
    await invited.getByRole('button', { name: tr(lang, 'auth:invite.registerSubmit') }).click();
    await expect(invited).toHaveURL(new RegExp(`/${lang}/login`));
    // The app leads to the login page with its notice, and the colleague logs in there. (Loading
    // the page afresh instead, as this test did, kept the notice in the history entry: it appeared
    // when the app took over, between the fields being filled and the button being pressed, and
    // moved the button from under the press in some runs: the first attempt of this test failed
    // that way in CI and here.)
    await expect(invited.getByRole('alert')).toContainText(tr(lang, 'auth:invite.success'));
    await submitLogin(invited, lang, colleague);
    await expect(invited).toHaveURL(backendUrl(lang));
    await expect(navLink(invited, lang, 'courses')).toBeVisible();
    await expandGroup(invited, lang, 'customers');
    await expect(navLink(invited, lang, 'participants')).toBeVisible();
    for (const hidden of ['orders', 'discounts', 'locations', 'resources', 'company', 'typeSets', 'waitinglist']) {
      await expect(navLink(invited, lang, hidden)).toHaveCount(0);
    }
    for (const group of ['configuration', 'attributeGroup']) {
      await expect(nav(invited, lang).getByRole('button', { name: tr(lang, `backend:nav.${group}`), exact: true })).toHaveCount(0);
    }
    // The server enforces it too: the instructor cannot read the company settings.
    const res = await invited.request.get('/api/team/general');
    expect(res.status()).toBe(403);
    await context.close();
  });
}

for (const lang of ['en'] as const) {
  test(`[${lang}] an owner creates a second company and switches between them`, async ({ page }) => {
    const owner = await registerInBrowser(page, lang);
    await verifyFromMail(page, lang, owner.email);
    await login(page, lang, owner.email);
    await expect(page).toHaveURL(backendUrl(lang));

    await openTeamMenu(page, lang);
    await page.getByRole('menuitem', { name: tr(lang, 'backend:teamMenu.createCompany') }).click();
    const second = `Second ${owner.company}`;
    await page.getByLabel(label(lang, 'settings:fields.name')).fill(second);
    await page.getByLabel(label(lang, 'settings:fields.phoneNumber')).fill('31 555 66 77');
    await page.getByLabel(label(lang, 'settings:fields.address')).fill('Marktgasse 2');
    await page.getByLabel(label(lang, 'settings:fields.postalCode')).fill('3011');
    await page.getByLabel(label(lang, 'settings:fields.city')).fill('Bern');
    await page.getByRole('button', { name: tr(lang, 'settings:create.submit') }).click();
    await expect(page).toHaveURL(backendUrl(lang));
    await expect(page.getByRole('button', { name: teamMenuName(lang, second) }).first()).toBeVisible();

    await openTeamMenu(page, lang);
    await page.getByRole('menuitem', { name: owner.company }).click();
    await expect(page.getByRole('button', { name: teamMenuName(lang, owner.company) }).first()).toBeVisible();
  });
}

for (const lang of ['fr'] as const) {
  test(`[${lang}] a user who forgot the password resets it from the mail and logs in`, async ({ page }) => {
    const owner = await registerInBrowser(page, lang);
    await verifyFromMail(page, lang, owner.email);

    await page.goto(`/${lang}/login`);
    await page.getByRole('button', { name: tr(lang, 'auth:login.forgotLink') }).click();
    await page.getByLabel(label(lang, 'auth:fields.email')).fill(owner.email);
    await page.getByRole('button', { name: tr(lang, 'auth:forgot.submit') }).click();
    await expect(page.getByText(tr(lang, 'auth:forgot.sent'))).toBeVisible();

    const link = await linkFromMail(owner.email, /https?:\/\/[^\s"<>]+\/reset\/password\/[^\s"<>]+/);
    await page.goto(link);
    const next = 'Nouveau-Mot-2026!';
    await page.getByLabel(label(lang, 'auth:fields.passwordNew')).fill(next);
    await page.getByLabel(label(lang, 'auth:fields.passwordConfirm')).fill(next);
    await page.getByRole('button', { name: tr(lang, 'auth:reset.submit') }).click();
    await expect(page).toHaveURL(new RegExp(`/${lang}/login`));

    await login(page, lang, owner.email, PASSWORD);
    await expect(page).not.toHaveURL(backendUrl(lang));
    await login(page, lang, owner.email, next);
    await expect(page).toHaveURL(backendUrl(lang));
  });
}

for (const lang of ['en'] as const) {
  test(`[${lang}] a user enables two-factor authentication and logs in with a code`, async ({ page }) => {
    const owner = await registerInBrowser(page, lang);
    await verifyFromMail(page, lang, owner.email);
    await login(page, lang, owner.email);
    await expect(page).toHaveURL(backendUrl(lang));

    await page.goto(`/${lang}/backend/profile`);
    await page.getByRole('button', { name: tr(lang, 'profile:twoFactor.enable') }).click();
    const secret = (await page
      .locator('code')
      .filter({ hasText: /^[A-Z2-7]{32}$/ })
      .first()
      .textContent())!.trim();
    await page.getByLabel(label(lang, 'profile:twoFactor.code')).fill(totpNow(secret));
    await page.getByRole('button', { name: tr(lang, 'profile:twoFactor.confirm') }).click();
    await expect(page.getByText(tr(lang, 'profile:twoFactor.recoveryTitle'))).toBeVisible();
    await page.getByRole('button', { name: tr(lang, 'profile:twoFactor.done') }).click();

    await logout(page, lang);
    await login(page, lang, owner.email);
    await expect(page.getByLabel(label(lang, 'auth:twoFactor.code'))).toBeVisible();
    // A fresh code (the one used for the setup may not be replayed).
    let code = totpNow(secret);
    await page.getByLabel(label(lang, 'auth:twoFactor.code')).fill(code);
    await page.getByRole('button', { name: tr(lang, 'auth:twoFactor.submit') }).click();
    if (
      !(await page.waitForURL(backendUrl(lang), { timeout: 5000 }).then(
        () => true,
        () => false,
      ))
    ) {
      // The setup code was still the current one: wait for the next 30-second step.
      await page.waitForTimeout(30_000 - (Date.now() % 30_000) + 500);
      code = totpNow(secret);
      await page.getByLabel(label(lang, 'auth:twoFactor.code')).fill(code);
      await page.getByRole('button', { name: tr(lang, 'auth:twoFactor.submit') }).click();
    }
    await expect(page).toHaveURL(backendUrl(lang));
  });
}
