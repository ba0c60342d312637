import { useState } from 'react';
import { ApiError } from '../api';
import { navigate } from '../router';
import { useTeamShop } from '../shop-context';
import { Notice } from '../ui/states';
import { useTitle } from '../use-title';
import { waitinglistApi } from './waitinglist-api';

/**
 * `/{lang}/shop/{team}/waitinglist/{id}/remove?token=…`: the removal link of the sign-up mail.
 * Opening it changes nothing (mail scanners and link previews open links): the button POSTs the
 * removal, then the shop shows `/{lang}/waitinglist/remove/success` (CONTRACT §4).
 */
export function WaitinglistRemovePage({ id, token }: { id: number; token: string }) {
  const { t, team, lang } = useTeamShop();
  useTitle(t('waitinglist.remove.title'), team.name);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(token ? null : t('waitinglist.offer.invalid'));

  const remove = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await waitinglistApi.remove(id, token);
      navigate(`/${lang}/waitinglist/remove/success`, { replace: true });
    } catch (err) {
      setBusy(false);
      setFailure(
        err instanceof ApiError && err.status === 404
          ? t('waitinglist.offer.invalid')
          : err instanceof ApiError
            ? (err.body.message ?? t('common.failed'))
            : t('common.offline'),
      );
    }
  };

  return (
    <section className="centered">
      <h1>{t('waitinglist.remove.title')}</h1>
      <p className="lead">{t('waitinglist.remove.text')}</p>
      {token && (
        <div className="actions">
          <button type="button" className="button" onClick={remove} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t('common.sending') : t('waitinglist.remove.confirm')}
          </button>
        </div>
      )}
      {failure && <Notice tone="error" title={failure} />}
    </section>
  );
}
