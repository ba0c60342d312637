/**
 * What other features may use of authentication: confirming the logged-in user (password and, with
 * two-factor on, a code) before a sensitive change.
 */
export { confirmIdentity, isTwoFactorEnabled } from './two-factor.ts';
export { registerCustomerResetJob } from './password-reset.service.ts';
