import { LANGUAGES, type Translated } from '@bookla/shared';

/**
 * Reference data. Country, currency names come from the ICU data Node ships (Intl.DisplayNames),
 * so they are correct in every language without hand-kept tables.
 */
const NOT_ISO_3166_1 = new Set('AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB XK YD YU ZR ZZ'.split(' '));

function names(type: 'region' | 'currency', code: string): Translated {
  const out: Translated = {};
  for (const lang of LANGUAGES) out[lang] = new Intl.DisplayNames([lang], { type, fallback: 'code' }).of(code) ?? code;
  return out;
}

/** All ISO 3166-1 alpha-2 codes (ICU's region list minus reserved and withdrawn codes). */
export function countrySeed(): { code: string; name: Translated }[] {
  const en = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
  const out: { code: string; name: Translated }[] = [];
  for (let a = 65; a < 91; a++)
    for (let b = 65; b < 91; b++) {
      const code = String.fromCharCode(a, b);
      const n = en.of(code);
      if (n && n !== code && !NOT_ISO_3166_1.has(code)) out.push({ code, name: names('region', code) });
    }
  return out;
}

const EURO = 'AD AT BE CY DE EE ES FI FR GR HR IE IT LT LU LV MC ME MT NL PT SI SK SM VA BL GF GP MF MQ PM RE YT AX'.split(' ');

/** Currencies a provider can sell in, with the countries that use them (for auto-selection). */
const CURRENCIES: { code: string; countries: string[]; sort: number }[] = [
  { code: 'CHF', countries: ['CH', 'LI'], sort: 1 },
  { code: 'EUR', countries: EURO, sort: 2 },
  {
    code: 'USD',
    countries: ['US', 'EC', 'SV', 'PA', 'PR', 'TL', 'BQ', 'FM', 'MH', 'PW', 'TC', 'VG', 'VI', 'GU', 'MP', 'AS', 'UM', 'IO'],
    sort: 3,
  },
  { code: 'GBP', countries: ['GB', 'GG', 'IM', 'JE'], sort: 4 },
  { code: 'SEK', countries: ['SE'], sort: 10 },
  { code: 'NOK', countries: ['NO', 'SJ', 'BV'], sort: 10 },
  { code: 'DKK', countries: ['DK', 'FO', 'GL'], sort: 10 },
  { code: 'PLN', countries: ['PL'], sort: 10 },
  { code: 'CZK', countries: ['CZ'], sort: 10 },
  { code: 'HUF', countries: ['HU'], sort: 10 },
  { code: 'CAD', countries: ['CA'], sort: 10 },
  { code: 'AUD', countries: ['AU', 'CX', 'CC', 'HM', 'KI', 'NR', 'NF', 'TV'], sort: 10 },
];

export function currencySeed() {
  return CURRENCIES.map((c) => ({ ...c, name: names('currency', c.code), minorDigits: 2 }));
}

export const languageSeed = [
  { code: 'de', name: 'Deutsch', sort: 1 },
  { code: 'en', name: 'English', sort: 2 },
  { code: 'fr', name: 'Français', sort: 3 },
];

export const referralSeed: { code: string; label: Translated; sort: number }[] = [
  { code: 'search', label: { de: 'Suchmaschine', en: 'Search engine', fr: 'Moteur de recherche' }, sort: 1 },
  { code: 'recommendation', label: { de: 'Empfehlung', en: 'Recommendation', fr: 'Recommandation' }, sort: 2 },
  { code: 'social', label: { de: 'Soziale Medien', en: 'Social media', fr: 'Réseaux sociaux' }, sort: 3 },
  { code: 'booking', label: { de: 'Bei einer Buchung gesehen', en: 'Saw it when booking', fr: 'Vu lors d’une réservation' }, sort: 4 },
  { code: 'event', label: { de: 'Messe oder Veranstaltung', en: 'Trade fair or event', fr: 'Salon ou événement' }, sort: 5 },
  { code: 'press', label: { de: 'Presse oder Blog', en: 'Press or blog', fr: 'Presse ou blog' }, sort: 6 },
  { code: 'newsletter', label: { de: 'Newsletter', en: 'Newsletter', fr: 'Newsletter' }, sort: 7 },
  { code: 'other', label: { de: 'Andere', en: 'Other', fr: 'Autre' }, sort: 8 },
];

export function timeZoneSeed(): string[] {
  const zones = new Set(Intl.supportedValuesOf('timeZone'));
  zones.add('UTC');
  return [...zones].sort();
}
