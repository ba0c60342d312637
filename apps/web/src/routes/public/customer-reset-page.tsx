import { ResetScreen } from '../../features/auth';

/** `/{lang}/customer/reset/password/{token}/{email}`: a shop customer's password reset. */
export function CustomerResetPage() {
  return <ResetScreen audience="customer" />;
}
