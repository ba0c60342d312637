/** What other features may use of the system area: the page titles (spec §2: "Page | Bookla"). */
export { pageTitle } from './page-titles.ts';
