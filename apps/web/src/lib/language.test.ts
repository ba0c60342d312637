import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from './i18n';
import { applyLanguage, replaceLanguageInPath } from './language';

describe('replaceLanguageInPath', () => {
  it('swaps only the language segment', () => {
    expect(replaceLanguageInPath('/de/backend/orders/edit/5', 'fr')).toBe('/fr/backend/orders/edit/5');
    expect(replaceLanguageInPath('/en/login/expired', 'de')).toBe('/de/login/expired');
    expect(replaceLanguageInPath('/en', 'de')).toBe('/de');
  });

  it('leaves paths without a language prefix alone', () => {
    expect(replaceLanguageInPath('/', 'fr')).toBe('/');
    expect(replaceLanguageInPath('/ticket/abc/checkin', 'fr')).toBe('/ticket/abc/checkin');
  });
});

describe('applyLanguage', () => {
  afterEach(() => applyLanguage('en'));

  it('switches texts, dayjs and <html lang> together', async () => {
    await applyLanguage('fr');
    expect(i18n.language).toBe('fr');
    expect(dayjs.locale()).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');
    expect(i18n.t('nav.login')).toBe('Se connecter');
  });
});
