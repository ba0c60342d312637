/** What the pages may use of statistics: the dashboard's boxes and the statistics page. */
export { IntroChecklist } from './components/intro-checklist';
export { LatestOrders } from './components/latest-orders';
export { SalesCharts } from './components/sales-charts';
export { StatisticsBar } from './components/statistics-bar';
export { StatisticsReport } from './components/statistics-report';
