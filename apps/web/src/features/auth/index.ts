/** What other features may use of auth (the session's start and the login's verification notice). */
export { loadSessionState, verificationNeeded } from './api/auth-api';
export { AcceptInvite } from './components/accept-invite';
export { ResetScreen } from './components/reset-screen';
export { ForgotForm } from './components/forgot-form';
export { LoginForm } from './components/login-form';
export { isNotice, NoticeAlert, type LoginNavigationState, type Notice } from './components/notice';
export { TwoFactorForm } from './components/two-factor-form';
export { VerificationResend } from './components/verification-resend';
export { RegisterForm } from './components/register/register-form';
