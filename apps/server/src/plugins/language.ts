import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { translate } from '../lib/i18n.ts';

export const LANGUAGE_COOKIE = 'bookla_lang';

/** Accept-Language → the first of our languages it names, honouring q-values. */
export function fromAcceptLanguage(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { lang: tag.trim().slice(0, 2).toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, i };
    })
    .filter((x) => x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return ranked.map((x) => x.lang).find(isLanguage);
}

/**
 * Request language (CONTRACT §2): `language` query parameter, else the language chosen with
 * GET /api/language/change/{lang} (cookie), else Accept-Language, else de.
 */
export function resolveLanguage(request: FastifyRequest): Language {
  const query = request.query as Record<string, unknown> | undefined;
  const q = query?.language;
  if (isLanguage(q)) return q;
  const cookie = request.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(cookie)) return cookie;
  return fromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

export const languagePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('t', function (this: FastifyRequest, key: string, params?: Record<string, unknown>) {
    return translate(this.lang, key, params);
  });
  // Resolved for every request in plugins/request-basics.ts (one hook for the basics).
});
