import { Anchor } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../lib/api-client';
import { resendVerification } from '../api/auth-api';

/**
 * "Send a new link" under the notice of an expired verification link: the server named the
 * link's user (`?user=<id>`), and the resend answers the same for everyone (CONTRACT §3).
 */
export function VerificationResend({ userId, onSent }: { userId: number; onSent: (message: string) => void }) {
  const { t } = useTranslation('auth');
  const [error, setError] = useState<string | null>(null);
  const resend = useMutation({ mutationFn: resendVerification });

  const send = async () => {
    setError(null);
    try {
      const reply = await resend.mutateAsync(userId);
      onSent(reply.message || t('verification.sent'));
    } catch (err) {
      setError((isApiError(err) && err.status < 500 && err.message) || t('technicalError'));
    }
  };

  return (
    <>
      {' '}
      <Anchor component="button" type="button" onClick={() => void send()} disabled={resend.isPending} inherit fw={600}>
        {resend.isPending ? t('sending') : t('login.status.verification_expired.action')}
      </Anchor>
      {error && <div>{error}</div>}
    </>
  );
}
