/** What the app may use of the email archive: its routes. */
export { archiveRoutes } from './archive.routes.ts';
