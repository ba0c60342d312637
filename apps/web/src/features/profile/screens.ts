/** The screens of this feature, loaded together when the first one shows (index.ts exports them lazily). */
export { PasswordForm } from './components/password-form';
export { ProfileForm } from './components/profile-form';
export { SessionsList } from './components/sessions-list';
export { TwoFactorSection } from './components/two-factor-section';
