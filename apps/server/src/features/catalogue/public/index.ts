/** What the app wires of the public read model: its routes and the next-session refresh job. */
export { publicCatalogueRoutes } from './public.routes.ts';
export { scheduleNextSessionRefresh } from './public.service.ts';
// The public site's SEO tags and sitemap (features/public-site) describe published activities with these.
export { getPublicActivity, listPublicActivities } from './public.service.ts';
