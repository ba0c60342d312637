/** What other features may use of auth (the session's start and the login's verification notice). */
export { loadSessionState, verificationNeeded } from './api/auth-api';
