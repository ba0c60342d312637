import dayjs from 'dayjs';
import { afterEach, describe, expect, it } from 'vitest';
import { addLanguagePack, i18n, loadLanguagePacks } from './i18n';
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

describe('language packs (texts loaded one language at a time)', () => {
  afterEach(() => applyLanguage('en'));

  it('loads a pack in the current language, and in a new one before switching to it', async () => {
    const loaded: string[] = [];
    await addLanguagePack(
      'test-pack',
      async (lang) => {
        loaded.push(lang);
        return { testPack: { hello: `hello-${lang}` } };
      },
      'en',
    );
    expect(loaded).toEqual(['en']);
    expect(i18n.getResource(i18n.language, 'testPack', 'hello')).toBe('hello-en');

    let seenWhileSwitching = '';
    i18n.on('languageChanged', function check() {
      seenWhileSwitching = i18n.getResource(i18n.language, 'testPack', 'hello');
      i18n.off('languageChanged', check);
    });
    await applyLanguage('de');
    expect(loaded).toEqual(['en', 'de']);
    // The texts were there before the switch: no screen rendered keys in between.
    expect(seenWhileSwitching).toBe('hello-de');

    await applyLanguage('en');
    await applyLanguage('de');
    expect(loaded).toEqual(['en', 'de']); // each language once
  });

  it('tries a failed load again next time', async () => {
    let attempts = 0;
    const load = async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return { flakyPack: { ok: 'yes' } };
    };
    await expect(addLanguagePack('flaky-pack', load, 'fr')).rejects.toThrow('offline');
    await loadLanguagePacks('fr');
    expect(attempts).toBe(2);
    expect(i18n.getResource('fr', 'flakyPack', 'ok')).toBe('yes');
  });
});
