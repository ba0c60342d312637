/**
 * What a public page is rendered from — by the server (render.tsx, into the HTML it sends) and
 * by the browser (main.tsx, hydrating that HTML). The server passes the same object to both, as
 * the `#public-data` JSON block, so the two renders match.
 */
export type SiteLanguage = 'de' | 'en' | 'fr';

export const SITE_LANGUAGES: readonly SiteLanguage[] = ['de', 'en', 'fr'];

export const isSiteLanguage = (value: unknown): value is SiteLanguage =>
  typeof value === 'string' && (SITE_LANGUAGES as readonly string[]).includes(value);

/** A text per language, as `GET /api/faq` answers it. */
export type TextPerLanguage = Partial<Record<SiteLanguage, string>>;

export interface FaqEntry {
  question: TextPerLanguage;
  answer: TextPerLanguage;
}

export type PublicPage =
  | {
      kind: 'landing';
      /** `GET /api/faq`; null until loaded (only without server rendering, e.g. the Vite dev server). */
      faq: FaqEntry[] | null;
      /** The seeded demo provider whose booking calendar the landing page embeds; null when there is none. */
      demoTeamId: number | null;
    }
  | {
      kind: 'content';
      /** `agb`, `imprint`, …: the address's content type. */
      type: string;
      title: string;
      /** Operator-maintained HTML of the content page. */
      html: string;
    };

export interface PublicSiteProps {
  lang: SiteLanguage;
  appName: string;
  /** The year of the copyright line, from the server, so both renders print the same. */
  year: number;
  page: PublicPage;
}
