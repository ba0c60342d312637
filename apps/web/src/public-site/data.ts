import { isSiteLanguage, type FaqEntry, type PublicPage, type PublicSiteProps, type SiteLanguage } from './types';

/** The props the server put into the page (`#public-data`), or null. */
export function readInjectedProps(doc: Document = document): PublicSiteProps | null {
  const text = doc.getElementById('public-data')?.textContent;
  if (!text) return null;
  try {
    const props = JSON.parse(text) as PublicSiteProps;
    return isSiteLanguage(props.lang) && props.page && typeof props.appName === 'string' ? props : null;
  } catch {
    return null;
  }
}

/** The content type of `/{lang}/{type}`, or null for the landing page (`/`, `/{lang}/provider`). */
export function contentTypeOf(pathname: string): string | null {
  const [, , second = ''] = pathname.split('/');
  return second && second !== 'provider' ? second : null;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url, { headers: { accept: 'application/json' }, credentials: 'same-origin' });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

/**
 * Without the server's rendering (the Vite dev server serves public.html as it is), the page
 * asks the API for what the server would have put in.
 */
export async function loadProps(pathname: string, fallbackLang: SiteLanguage): Promise<PublicSiteProps> {
  const first = pathname.split('/')[1];
  const lang = isSiteLanguage(first) ? first : fallbackLang;
  const type = contentTypeOf(pathname);
  let page: PublicPage;
  if (type) {
    const content = await getJson<{ title: string; content: string }>(`/api/content/${encodeURIComponent(type)}/frontend?language=${lang}`);
    page = { kind: 'content', type, title: content.title, html: content.content };
  } else {
    const [faq, demo] = await Promise.all([
      getJson<FaqEntry[]>('/api/faq').catch(() => []),
      getJson<{ data: { id: number } }>('/api/public/teams/demo').catch(() => null),
    ]);
    page = { kind: 'landing', faq, demoTeamId: demo?.data.id ?? null };
  }
  return { lang, appName: 'Bookla', year: new Date().getFullYear(), page };
}
