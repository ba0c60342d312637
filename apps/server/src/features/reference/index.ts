/** What other features may use of the reference data. */
export { isCountry } from './reference.service.ts';
// The public site (features/public-site) renders the FAQ and the content pages on the server.
export { contentPage, faqList } from './reference.service.ts';
