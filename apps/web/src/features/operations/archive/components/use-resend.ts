import type { EmailArchiveItem } from '@bookla/shared/email-archive';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../../lib/notify';
import { useResendEmail } from '../api/email-archive-api';

/** Resend after a confirmation naming the recipient; the server's message on success or refusal. */
export function useResendWithConfirm() {
  const { t } = useTranslation('archive');
  const resend = useResendEmail();
  const run = async (mail: Pick<EmailArchiveItem, 'id' | 'recipient'>) => {
    const ok = await confirm({
      title: t('resend.title'),
      message: t('resend.text', { recipient: mail.recipient }),
      confirmLabel: t('resend.confirm'),
    });
    if (!ok) return;
    try {
      const reply = await resend.mutateAsync(mail.id);
      notifySuccess(reply.message);
    } catch (error) {
      notifyError(error);
    }
  };
  return { run, pending: resend.isPending };
}
