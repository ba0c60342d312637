import { createContext, useContext } from 'react';
import type { T } from './i18n';
import type { SiteLanguage } from './types';

export interface SiteContextValue {
  lang: SiteLanguage;
  appName: string;
  t: T;
}

export const SiteContext = createContext<SiteContextValue | null>(null);

export function useSite(): SiteContextValue {
  const value = useContext(SiteContext);
  if (!value) throw new Error('useSite outside <PublicSite>');
  return value;
}
