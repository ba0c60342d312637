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

/**
 * Where to go back to after the login (`?redirect=` of the login page): a path of this site, or
 * null for anything that could lead elsewhere (`//host`, `/\host`, a full URL, control characters).
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value || !value.startsWith('/') || value.startsWith('//')) return null;
  // Browsers read `\` as `/` and drop tabs and newlines: `/\host` and `/\t/host` lead off the site.
  for (const ch of value) if (ch === '\\' || ch.charCodeAt(0) < 0x20 || ch.charCodeAt(0) === 0x7f) return null;
  return value;
}

/**
 * Like `requireAuthLoader`, but the login comes back to this page afterwards (the check-in pages:
 * a door person scans a ticket's QR code before logging in).
 */
export function requireAuthReturnLoader({ params, request }: LoaderFunctionArgs) {
  if (getAppState().authenticated) return null;
  const { pathname, search } = new URL(request.url);
  throw redirect(`/${params.lang ?? currentLanguage()}/login?redirect=${encodeURIComponent(pathname + search)}`);
}

/** A page without a language in its address (`/ticket/{code}/checkin`): in the user's language. */
export async function userLanguageLoader(args: LoaderFunctionArgs) {
  const { user, language } = getAppState();
  await applyLanguage(user?.language ?? language);
  return requireAuthReturnLoader(args);
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
