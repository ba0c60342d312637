/** The public site: SEO tags and server-rendered public pages (plugins/web.ts), robots.txt and sitemap.xml. */
export { describePage, type DescribedPage, type PublicSiteProps } from './page-meta.ts';
export { escapeHtml, headTags, safeJson, type PageMeta } from './head.ts';
export { publicSiteRoutes } from './public-site.routes.ts';
