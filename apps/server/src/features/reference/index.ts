/** What other features may use of the reference data. */
export { isCountry } from './reference.service.ts';
