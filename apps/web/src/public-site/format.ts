import type { SiteLanguage } from './types';

/**
 * Prices of the pricing section, written out by hand rather than with Intl: the server renders
 * the page with Node's ICU and the browser hydrates it with its own, and the two differ in small
 * ways (narrow or normal no-break spaces), which would make React throw the server's HTML away.
 * Swiss habits: "CHF 0.49" and "7.9 %" in German, "0,49 CHF" and "7,9 %" in French.
 */
const NBSP = '\u00a0';

function decimal(value: number, digits: number, lang: SiteLanguage): string {
  const text = value.toFixed(digits);
  return lang === 'fr' ? text.replace('.', ',') : text;
}

/** Whole francs without decimals ("CHF 139"), fees with two ("CHF 0.49"). */
export function chf(amount: number, lang: SiteLanguage): string {
  const number = decimal(amount, Number.isInteger(amount) ? 0 : 2, lang);
  return lang === 'fr' ? `${number}${NBSP}CHF` : `CHF${NBSP}${number}`;
}

/** `0.079` → "7.9 %" (de), "7.9%" (en), "7,9 %" (fr). */
export function percent(fraction: number, lang: SiteLanguage): string {
  const number = decimal(Math.round(fraction * 1000) / 10, 1, lang).replace(/[.,]0$/, '');
  return lang === 'en' ? `${number}%` : `${number}${NBSP}%`;
}
