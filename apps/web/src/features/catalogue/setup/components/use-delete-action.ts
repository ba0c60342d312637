import { useTranslation } from 'react-i18next';
import { confirm } from '../../../../lib/confirm';
import { notifyError, notifySuccess } from '../../../../lib/notify';

/**
 * Delete after a confirmation; the server's answer as a toast. A refusal (e.g. a type set still
 * used by activities: 422) shows the server's reason and changes nothing. Resolves whether it
 * was deleted.
 */
export function useDeleteAction(remove: (id: number) => Promise<{ message?: string }>) {
  const { t } = useTranslation('setup');
  return async (id: number, name: string): Promise<boolean> => {
    const ok = await confirm({
      title: t('list.deleteTitle'),
      message: t('list.deleteText', { name }),
      confirmLabel: t('list.delete'),
      danger: true,
    });
    if (!ok) return false;
    try {
      const reply = await remove(id);
      notifySuccess(reply.message || t('list.deleted', { name }));
      return true;
    } catch (error) {
      notifyError(error);
      return false;
    }
  };
}
