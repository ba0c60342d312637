/** What other features may use of the profile. */
export { profileKeys } from './api/profile-api';
