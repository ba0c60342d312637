import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { PublicSite } from './app';
import type { PublicSiteProps } from './types';

/**
 * The server's entry (built into dist/server/public-site.js by vite.config.ts): the HTML of the
 * public page for `#root`. The browser hydrates it from the same props (main.tsx).
 */
export function renderPublicSite(props: PublicSiteProps): string {
  return renderToString(
    <StrictMode>
      <PublicSite {...props} />
    </StrictMode>,
  );
}

export type { PublicSiteProps, PublicPage, FaqEntry, SiteLanguage } from './types';
