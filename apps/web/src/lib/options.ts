import { useQuery } from '@tanstack/react-query';
import { api } from './api-client';
import { useLang } from './language';

/** Reference lists of `GET /api/srl/options/{kind}` (CONTRACT §3), for the registration and the back office. */

export interface Option {
  value: string;
  label: string;
}
export interface CurrencyOption extends Option {
  countries: string[];
}
export type OptionKind = 'country' | 'currency' | 'language' | 'referral' | 'timezones';

export function useOptions<T extends Option = Option>(kind: OptionKind) {
  const lang = useLang();
  return useQuery({
    // Labels come in the UI language, so the language is in the key.
    queryKey: ['options', kind, lang],
    queryFn: ({ signal }) => api.get<T[]>(`/api/srl/options/${kind}`, { signal, query: { language: lang } }),
    // Reference data changes only with a release.
    staleTime: 60 * 60_000,
  });
}

/** Spec §5: choosing a country selects the currency whose country list holds it (ISO codes, any case). */
export function currencyForCountry(currencies: readonly CurrencyOption[], country: string): string | undefined {
  const code = country.toUpperCase();
  return currencies.find((c) => c.countries.some((cc) => cc.toUpperCase() === code))?.value;
}
