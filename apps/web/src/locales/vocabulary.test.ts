import { describe, expect, it } from 'vitest';

/**
 * Issue 9 item 16: the product's words (docs/glossary.md) in every text a reader sees — web,
 * server and shared locales — and the English texts that spec §8 quotes, word for word.
 */

type Json = { [key: string]: Json | string };

const files = {
  ...import.meta.glob<Json>('./*/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Json>('../../../server/src/locales/*/*.json', { eager: true, import: 'default' }),
  ...import.meta.glob<Json>('../../../../packages/shared/src/locales/*/*.json', { eager: true, import: 'default' }),
};

function flatten(value: Json, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, v] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof v === 'string') out[path] = v;
    else Object.assign(out, flatten(v, path));
  }
  return out;
}

/** `{ de: { 'web/activities:list.title': 'Aktivitäten', 'server/auth:no_company': … } }` */
const texts: Record<string, Record<string, string>> = {};
for (const [path, content] of Object.entries(files)) {
  const match = /(web\/src|server\/src|shared\/src)\/locales\/(de|en|fr)\/([\w-]+)\.json$|^\.\/(de|en|fr)\/([\w-]+)\.json$/.exec(path);
  if (!match) continue;
  const root = match[1] ? match[1].split('/')[0] : 'web';
  const lang = (match[2] ?? match[4])!;
  const ns = (match[3] ?? match[5])!;
  for (const [key, text] of Object.entries(flatten(content))) (texts[lang] ??= {})[`${root}/${ns}:${key}`] = text;
}

const offending = (lang: string, test: (text: string, key: string) => boolean) =>
  Object.entries(texts[lang] ?? {})
    .filter(([key, text]) => test(text, key))
    .map(([key, text]) => `${key}: ${text}`);

/**
 * English texts allowed to say "course": the course kind itself, the pages the spec names so
 * ("Course defaults", the embeddable course list), and texts naming both kinds ("courses and events").
 */
const COURSE_ALLOWED = new Set([
  'web/activities:list.seatsCourse',
  'web/activities:list.seatsHelp',
  'web/setup:typeSets.kinds.course',
  'web/backend:nav.courseDefaults',
  'web/backend:pages.courseDefaults.title',
  'web/setup:defaults.title',
  'server/activities:defaults.saved',
  'web/settings:features.embeds.description',
]);
const BOTH_KINDS = /\bcourses? (and|or) events?\b/i;

describe('vocabulary of the locales (glossary)', () => {
  it('reads every namespace of web, server and shared in de, en and fr', () => {
    for (const lang of ['de', 'en', 'fr']) {
      const roots = new Set(Object.keys(texts[lang] ?? {}).map((k) => k.split('/')[0]));
      expect([...roots].sort(), lang).toEqual(['server', 'shared', 'web']);
    }
  });

  it('German says "Aktivität(en)", never "Angebot(e)", for an activity', () => {
    expect(offending('de', (text) => /\bAngebot(e|en|s)?\b/.test(text))).toEqual([]);
  });

  it('German addresses the reader formally ("Sie"), never "du/dein" or an informal imperative', () => {
    const informal = /\b(du|dich|dir|dein|deine|deinen|deinem|deiner|deines)\b/i;
    const imperative = /\b(Sage|Bestätige|Wähle|Gib|Klicke|Prüfe|Lade|Füge|Erstelle)\b/;
    expect(offending('de', (text) => informal.test(text) || imperative.test(text))).toEqual([]);
  });

  it('German and French spell the e-mail address as readers expect', () => {
    expect(offending('de', (text) => /\bEmail|E-mail\b|E-Mail-Address/.test(text))).toEqual([]);
    expect(offending('fr', (text) => /adresse (email|mail)\b/i.test(text))).toEqual([]);
  });

  it('English says "activity" where an activity is meant, "course" only for the course kind', () => {
    expect(offending('en', (text, key) => /\bcourses?\b/i.test(text) && !COURSE_ALLOWED.has(key) && !BOTH_KINDS.test(text))).toEqual([]);
  });

  it('the VAT rate is called "VAT rate", "MWST-Satz" and "taux de TVA" everywhere', () => {
    expect(offending('en', (text) => /\btax rate\b/i.test(text))).toEqual([]);
    expect(offending('de', (text) => /Steuersatz|Mehrwertsteuersatz\b/.test(text))).toEqual([]);
    expect(offending('fr', (text) => /taux d[’']imposition|taux de taxe/i.test(text))).toEqual([]);
    for (const key of ['web/setup:defaults.taxRate', 'web/setup:products.taxRate', 'web/tickets:tickets.taxRate']) {
      expect([texts.en?.[key], texts.de?.[key], texts.fr?.[key]], key).toEqual(['VAT rate', 'MWST-Satz', 'Taux de TVA']);
    }
  });

  it('keeps the English texts that spec §8 quotes word for word', () => {
    const en = texts.en ?? {};
    const quoted: Record<string, string> = {
      'web/auth:verification.prompt': "Please verify your E-Mail-Address. Didn't receive a Mail?",
      'server/auth:need_verification': "Please verify your E-Mail-Address. Didn't receive a Mail?",
      'web/auth:login.status.expired.title': 'Session Expired',
      'web/auth:login.status.expired.text': 'Your session has expired.',
      'web/backend:companyCheck.title': 'You dont have a Company yet!',
      'web/backend:companyCheck.text': 'You need to create a Company to use our services.',
      'server/auth:no_company': 'You dont have a Company yet! You need to create a Company to use our services.',
      'web/auth:invite.invalid': 'Your Invitation expired. Please request a new Invitation from your Company Admin.',
      'server/teams:invitations.invalid': 'Your Invitation expired. Please request a new Invitation from your Company Admin.',
      'web/auth:technicalError': 'A technical error occurred!',
      'web/auth:reset.newLink': 'Send a new Link?',
      'web/auth:login.status.registration_success.title': 'Registration Successful',
      'web/auth:login.status.logout.title': 'Logout Successful',
      'server/auth:logout_success': 'Logout Successful',
      'web/activities:create.errorTitle': 'Error',
      'web/activities:create.failed': 'Something went wrong!',
      'web/backend:clipboard.title': 'Success',
      'web/backend:clipboard.text': 'Copy to clipboard',
    };
    for (const [key, text] of Object.entries(quoted)) expect(en[key], key).toBe(text);
    expect(en['web/auth:login.status.registration_success.text']).toContain('Please check your E-Mail-Account for the confirmation link');
    expect(en['web/auth:forgot.sent']).toContain('Please check your E-Mail-Account');
  });

  it('names the list of activities the same way in the heading, the button and the back link', () => {
    const de = texts.de ?? {};
    expect(de['web/activities:list.title']).toBe('Aktivitäten');
    expect(de['web/activities:create.open']).toBe('Aktivität erstellen');
    expect(de['web/backend:dashboard.latestCourses.create']).toBe('Aktivität erstellen');
    expect(de['web/activities:edit.back']).toBe('← Alle Aktivitäten');
    expect(de['web/backend:dashboard.latestCourses.all']).toBe('Alle Aktivitäten');
  });
});
