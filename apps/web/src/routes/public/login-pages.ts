/**
 * Login (with forgot-password mode and second factor) and the staff and customer password
 * resets: a chunk of its own, which its routes load (app/router.tsx), without the selects and stepper of
 * the registration, so the most visited account screen stays light.
 */
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/PasswordInput.css';
import { registerAuthTexts } from './auth-texts';

registerAuthTexts();

export { CustomerResetPage } from './customer-reset-page';
export { LoginPage } from './login-page';
export { ResetPasswordPage } from './reset-password-page';
