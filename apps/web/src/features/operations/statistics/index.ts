import { lazy } from 'react';
/** What the pages may use of statistics: the dashboard's boxes and the statistics page. */
export { IntroChecklist } from './components/intro-checklist';
export { LatestOrders } from './components/latest-orders';
export { SalesCharts } from './components/sales-charts';
export { StatisticsBar } from './components/statistics-bar';

/**
 * The statistics page's report, a chunk of its own: the dashboard imports this index too, and
 * must not load the report's date pickers and tables with its first screen (issue 21 item 6).
 */
export const StatisticsReport = lazy(async () => ({ default: (await import('./components/statistics-report')).StatisticsReport }));
