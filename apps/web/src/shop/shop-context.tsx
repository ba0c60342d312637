import type { PublicTeam } from '@bookla/shared/selling';
import { createContext, use } from 'react';
import type { Formats } from './format';
import type { ShopLanguage, T } from './i18n';

/** What every shop page knows: the language, its texts and formats, and the team (when there is one). */
export interface ShopContextValue {
  lang: ShopLanguage;
  t: T;
  fmt: Formats;
  team: PublicTeam | null;
  /** `/{lang}/shop/{team}` as the address names the team (id or slug); `/{lang}/embed/{team}` in an embed. */
  base: string;
}

/**
 * Inside an embed (an iframe on the provider's site, base `/{lang}/embed/{team}`): third-party
 * cookies are usually blocked there, so what needs the customer's own session is left out.
 */
export const isEmbedBase = (base: string) => base.split('/')[2] === 'embed';

export const ShopContext = createContext<ShopContextValue | null>(null);

export function useShop(): ShopContextValue {
  const value = use(ShopContext);
  if (!value) throw new Error('useShop outside the shop');
  return value;
}

/** For pages that only render under a team. */
export function useTeamShop(): ShopContextValue & { team: PublicTeam } {
  const value = useShop();
  if (!value.team) throw new Error('no team loaded');
  return value as ShopContextValue & { team: PublicTeam };
}
