import { isContentType, type Language, pickText } from '@bookla/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { contentPages } from '../../db/schema/index.ts';
import { translate } from '../../lib/i18n.ts';

/** Static public routes: first path segment after the language → title key. */
const STATIC_TITLES: Record<string, string> = {
  '': 'titles.landing',
  provider: 'titles.landing',
  login: 'titles.login',
  register: 'titles.register',
  reset: 'titles.reset',
  customer: 'titles.reset',
  'accept-invite': 'titles.invite',
  waitinglist: 'titles.waitinglist',
  error: 'titles.not_found',
  backend: 'titles.backend',
  ticket: 'titles.checkin',
};

/** "Page | Bookla" for the path (spec §2: titles carry a suffix after a pipe). */
export async function pageTitle(app: FastifyInstance, path: string, lang: Language): Promise<string> {
  const appName = app.deps.config.appName;
  const segments = path.split('/').filter(Boolean);
  const section = segments[0] && /^(de|en|fr)$/.test(segments[0]) ? (segments[1] ?? '') : (segments[0] ?? '');
  let page: string | undefined;
  if (isContentType(section)) {
    const [row] = await app.deps.db
      .select({ title: contentPages.title })
      .from(contentPages)
      .where(and(eq(contentPages.type, section), eq(contentPages.group, 'frontend')));
    page = row ? pickText(row.title, lang) : undefined;
  } else {
    const key = STATIC_TITLES[section];
    page = key ? translate(lang, `messages:${key}`) : translate(lang, 'messages:titles.not_found');
  }
  return page ? `${page} | ${appName}` : appName;
}
