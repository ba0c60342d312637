/** What the app may use of statistics: its routes (dashboard figures, sales chart, checklist, statistics page, CSV). */
export { statisticsRoutes } from './statistics.routes.ts';
