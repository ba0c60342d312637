/** What other areas and features may use of the catalogue's setup (type sets, locations, defaults). */
export { createDefaultTypeSets } from './type-sets.service.ts';
export { findTypeSet } from './type-sets.repo.ts';
export { findLocation } from './locations.repo.ts';
export { defaultsForNewActivity } from './defaults.service.ts';
