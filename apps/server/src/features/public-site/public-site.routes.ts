import type { FastifyInstance } from 'fastify';
import { robotsTxt, sitemapEntries, sitemapXml } from './sitemap.ts';

/** `/robots.txt` and `/sitemap.xml` (the pages themselves are served by plugins/web.ts). */
export async function publicSiteRoutes(app: FastifyInstance) {
  const { appUrl } = app.deps.config;

  app.get('/robots.txt', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'public, max-age=3600').type('text/plain; charset=utf-8').send(robotsTxt(appUrl)),
  );

  app.get('/sitemap.xml', { schema: { hide: true } }, async (_request, reply) => {
    const body = sitemapXml(await sitemapEntries(app.deps.db, appUrl));
    return reply.header('Cache-Control', 'public, max-age=3600').type('application/xml; charset=utf-8').send(body);
  });
}
