/**
 * Every back-office namespace in de, for the tests (src/test/i18n.ts registers them all up front).
 * The app loads them in two parts instead (routes/backoffice/texts.ts): ./first with the layout
 * and ./pages with the first page other than the dashboard.
 */
import first from './first/de';
import pages from './pages/de';

export default { ...first, ...pages };
