import { isLanguage } from '@bookla/shared/i18n';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getAppState } from '../lib/app-state';
import { applyLanguage, currentLanguage } from '../lib/language';

/** `/:lang/*`: an unknown language is a 404; a known one becomes the UI language first. */
export async function languageLoader({ params }: LoaderFunctionArgs) {
  if (!isLanguage(params.lang)) throw redirect(`/${currentLanguage()}/error/404`);
  await applyLanguage(params.lang);
  return null;
}

/** Spec §2: the back office needs a session; without one, go to login in the same language. */
export function requireAuthLoader({ params }: LoaderFunctionArgs) {
  if (!getAppState().authenticated) throw redirect(`/${params.lang ?? currentLanguage()}/login`);
  return null;
}

/** Spec §4: logged-in users visiting login or register go to the back office. */
export function guestOnlyLoader({ params }: LoaderFunctionArgs) {
  if (getAppState().authenticated) throw redirect(`/${params.lang ?? currentLanguage()}/backend`);
  return null;
}

/** Unknown paths (and `/error/404`, the spec's address) end at `/{lang}/error/404`. */
export function notFoundLoader({ params }: LoaderFunctionArgs) {
  const lang = isLanguage(params.lang) ? params.lang : currentLanguage();
  return redirect(`/${lang}/error/404`);
}
