import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isLanguage, pickText, type Language } from '@bookla/shared';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { activities } from '../db/schema/index.ts';
import { findShopTeam } from '../features/selling/settings/index.ts';
import { pageTitle } from '../features/system/page-titles.ts';
import { buildAppState } from '../features/system/app-state.ts';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
/** JSON inside <script type="application/json">: `<` escaped so no text can close the tag. */
const safeJson = (v: unknown) => JSON.stringify(v).replace(/</g, '\\u003c');

/** The white-label shop's addresses: their own small page, shop.html (apps/web/src/shop). */
const SHOP_PAGE = /^\/(de|en|fr)\/(shop\/[^/]+(\/.*)?|waitinglist\/remove\/success\/?)$/;
const SHOP_ACTIVITY = /^\/[a-z]{2}\/shop\/([^/]+)(?:\/activity\/(\d{1,10})\/?)?/;

/** "Activity | Team" on an activity page, the team's name on its other shop pages (white-label: no product name). */
async function shopTitle(app: FastifyInstance, path: string, lang: Language): Promise<string | undefined> {
  const match = SHOP_ACTIVITY.exec(path);
  if (!match) return undefined;
  let ref: string;
  try {
    ref = decodeURIComponent(match[1]!);
  } catch {
    return undefined;
  }
  const team = await findShopTeam(app.deps.db, ref);
  if (!team) return undefined;
  if (!match[2]) return team.name;
  const [activity] = await app.deps.db
    .select({ name: activities.name })
    .from(activities)
    .where(and(eq(activities.id, Number(match[2])), eq(activities.teamId, team.id), eq(activities.status, 'published')));
  const name = activity ? pickText(activity.name, lang) : '';
  return name ? `${name} | ${team.name}` : team.name;
}

/**
 * Serves the built web app: hashed assets with a year of immutable caching, shop.html for the
 * shop's addresses and index.html for every other non-API path, each with the page's <title>
 * and the app state put in.
 */
export const webPlugin = fp(async (app: FastifyInstance) => {
  const dist = app.deps.config.webDist;
  if (!dist) {
    app.log.warn('web app not built (apps/web/dist missing): serving the API only');
    return;
  }
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const shopTemplate = existsSync(join(dist, 'shop.html')) ? readFileSync(join(dist, 'shop.html'), 'utf8') : template;

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
    const shop = SHOP_PAGE.test(path);
    const [title, state] = await Promise.all([
      shop ? shopTitle(app, path, lang).then((t) => t ?? pageTitle(app, path, lang)) : pageTitle(app, path, lang),
      buildAppState(request, lang),
    ]);
    const html = (shop ? shopTemplate : template)
      .replace(/<html([^>]*)lang="[^"]*"/, `<html$1lang="${lang}"`)
      .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
      .replace('</head>', `<script id="app-state" type="application/json">${safeJson(state)}</script></head>`);
    return reply.header('Cache-Control', 'no-cache').type('text/html; charset=utf-8').send(html);
  }
  app.decorate('serveSpa', serveSpa);
  app.get('/', { schema: { hide: true } }, serveSpa);
});
