import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isLanguage, type Language } from '@bookla/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { pageTitle } from '../features/system/page-titles.ts';
import { buildAppState } from '../features/system/app-state.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside <script type="application/json">: `<` escaped so no text can close the tag. */
const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/**
 * Serves the built web app: hashed assets with a year of immutable caching, and index.html
 * for every other non-API path, with the page's <title> and the app state put in.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const dist = app.deps.config.webDist;
  if (!dist) {
    app.log.warn('web app not built (apps/web/dist missing): serving the API only');
    return;
  }
  const template = readFileSync(join(dist, 'index.html'), 'utf8');

  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: false,
    index: false,
    setHeaders(res, path) {
      res.header('Cache-Control', path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  async function serveSpa(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '/';
    const first = path.split('/')[1];
    const lang: Language = isLanguage(first) ? first : request.lang;
    const [title, state] = await Promise.all([pageTitle(app, path, lang), buildAppState(request, lang)]);
    const html = template
      .replace(/<html([^>]*)lang="[^"]*"/, `<html$1lang="${lang}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `<script id="app-state" type="application/json">${safeJson(state)}</script></head>`);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }
  app.decorate('serveSpa', serveSpa);
  app.get('/', { schema: { hide: true } }, serveSpa);
});
