/**
 * What other features may use of authentication: confirming the logged-in user (password and, with
 * two-factor on, a code) before a sensitive change; and, for their tests, setting up a user's
 * two-factor secret the way the setup does.
 */
export { confirmIdentity, encryptSecret, isTwoFactorEnabled, newTotpSecret, totp } from './two-factor.ts';
export { registerCustomerResetJob } from './password-reset.service.ts';
