import type { currencyOptionsReplySchema, CurrencyOption, OptionItem, optionsReplySchema } from '@bookla/shared/reference';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { api } from './api-client';
import { useLang } from './language';

/**
 * Reference lists of `GET /api/srl/options/{kind}` (CONTRACT §3), for the registration and the
 * back office. Typed from the shared reply schemas (types only: these pages carry no zod).
 */
export type { CurrencyOption, OptionItem as Option };
export type OptionKind = 'country' | 'currency' | 'language' | 'referral' | 'timezones';

/** Currencies come with the countries that use them. */
export function useOptions(kind: 'currency'): UseQueryResult<CurrencyOption[]>;
export function useOptions(kind: Exclude<OptionKind, 'currency'>): UseQueryResult<OptionItem[]>;
export function useOptions(kind: OptionKind) {
  const lang = useLang();
  return useQuery({
    // Labels come in the UI language, so the language is in the key.
    queryKey: ['options', kind, lang],
    queryFn: ({ signal }) =>
      api.get<typeof currencyOptionsReplySchema | typeof optionsReplySchema>(`/api/srl/options/${kind}`, {
        signal,
        query: { language: lang },
      }),
    // Reference data changes only with a release.
    staleTime: 60 * 60_000,
  });
}

/** Spec §5: choosing a country selects the currency whose country list holds it (ISO codes, any case). */
export function currencyForCountry(currencies: readonly CurrencyOption[], country: string): string | undefined {
  const code = country.toUpperCase();
  return currencies.find((c) => c.countries.some((cc) => cc.toUpperCase() === code))?.value;
}
