import { ResetScreen } from '../../features/auth';

/** `/{lang}/reset/password/{token}/{email}`: staff password reset (link from the reset mail). */
export function ResetPasswordPage() {
  return <ResetScreen audience="staff" />;
}
