import { isLanguage, type Language } from '@bookla/shared/i18n';
import dayjs from 'dayjs';
import 'dayjs/locale/de';
import 'dayjs/locale/fr';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getAppState } from './app-state';
import { i18n, loadLanguagePacks } from './i18n';

/** One place that switches everything language-dependent: texts, dates, `<html lang>`. */
export async function applyLanguage(lang: Language): Promise<void> {
  // No document when the server renders a public page (app/ssr.tsx); its HTML carries `lang`.
  if (typeof document !== 'undefined') document.documentElement.lang = lang;
  dayjs.locale(lang);
  // The texts loaded one language at a time (the back office's) first, so no screen shows keys.
  await loadLanguagePacks(lang);
  if (i18n.language !== lang) await i18n.changeLanguage(lang);
}

/** The language the user is in now: the UI's, else the server's preference (app-state). */
export function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : getAppState().language;
}

/** `/de/backend/orders?x=1` + `fr` → `/fr/backend/orders?x=1`; paths without a language stay. */
export function replaceLanguageInPath(pathname: string, lang: Language): string {
  const [, first = '', ...rest] = pathname.split('/');
  if (!isLanguage(first)) return pathname;
  return ['', lang, ...rest].join('/');
}

/** The route's `:lang`, or on `/` (no prefix) the current UI language. */
export function useLang(): Language {
  const { lang } = useParams();
  const { i18n: instance } = useTranslation();
  if (isLanguage(lang)) return lang;
  return isLanguage(instance.language) ? instance.language : getAppState().language;
}
