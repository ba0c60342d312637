import { useMemo } from 'react';
import { ContentPage } from './content-page';
import { SiteContext } from './context';
import { createT } from './i18n';
import { LandingPage } from './landing/landing-page';
import { SiteLayout } from './layout';
import type { PublicSiteProps } from './types';

/** The public pages (landing, content pages): rendered by the server, hydrated in the browser. */
export function PublicSite({ lang, appName, year, page }: PublicSiteProps) {
  const site = useMemo(() => ({ lang, appName, t: createT(lang) }), [lang, appName]);
  return (
    <SiteContext.Provider value={site}>
      <SiteLayout year={year}>
        {page.kind === 'landing' ? (
          <LandingPage faq={page.faq} demoTeamId={page.demoTeamId} />
        ) : (
          <ContentPage title={page.title} html={page.html} />
        )}
      </SiteLayout>
    </SiteContext.Provider>
  );
}
