/**
 * Every back-office namespace in fr, for the tests (src/test/i18n.ts registers them all up front).
 * The app loads them in two parts instead (routes/backoffice/texts.ts): ./first with the layout
 * and ./pages with the first page other than the dashboard.
 */
import first from './first/fr';
import pages from './pages/fr';

// The statistics namespace comes in two parts (the dashboard's first, the statistics page's with the pages).
export default { ...first, ...pages, statistics: { ...first.statistics, ...pages.statistics } };
