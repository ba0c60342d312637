import { useEffect, useRef, useState } from 'react';
import { forgetReservation, loadReservation } from '../reservation';
import { Link } from '../router';
import { useTeamShop } from '../shop-context';
import { Notice } from '../ui/states';
import { useTitle } from '../use-title';
import { handoverUrl } from './embed-frame';

/**
 * The checkout of an embed whose provider chose `data-checkout="tab"`: the held seats go to the
 * shop's checkout in a new tab. Opened at once where the browser allows it (the visitor's click
 * on "Book" is a moment ago), else by the link, which always works.
 */
export function TabCheckout({ team: teamRef }: { team: string }) {
  const { t, team, lang, base } = useTeamShop();
  useTitle(t('embed.tab.title'), team.name);
  // The address is fixed once: the seats are handed over, this frame forgets them (it must not
  // give them back when the visitor books again here).
  const [href] = useState(() => {
    const held = loadReservation(team.id);
    return held ? handoverUrl(lang, teamRef, held) : null;
  });
  const [opened, setOpened] = useState(false);
  const tried = useRef(false);
  useEffect(() => {
    if (!href || tried.current) return;
    tried.current = true;
    forgetReservation(team.id);
    const tab = window.open(href, '_blank');
    if (tab) {
      tab.opener = null;
      setOpened(true);
    }
  }, [href, team.id]);

  return (
    <section>
      <h1>{t('embed.tab.title')}</h1>
      {href ? (
        <Notice tone={opened ? 'success' : 'info'} title={opened ? t('embed.tab.opened') : t('embed.tab.ready')}>
          <p>{t('embed.tab.text')}</p>
          <p>
            <a className="button" href={href} target="_blank" rel="noopener">
              {t('embed.tab.open')}
              <span className="visually-hidden"> ({t('embed.newTab')})</span>
            </a>
          </p>
        </Notice>
      ) : (
        <Notice title={t('embed.tab.none')} />
      )}
      <p>
        <Link to={base}>{t('embed.tab.back')}</Link>
      </p>
    </section>
  );
}
