import type { ShopLanguage } from '../i18n';
import { useShop } from '../shop-context';
import de from '../locales/calendar.de.json';
import en from '../locales/calendar.en.json';
import fr from '../locales/calendar.fr.json';

/**
 * The shop's calendar links (CONTRACT §8): "subscribe" to the team's programme feed in the
 * footer, and "add to calendar" on the order page. Their texts live here, loaded with this chunk
 * and not with the shop's first bundle (its budget is 100 KB gzip).
 */
type Texts = typeof en;
const TEXTS: Record<ShopLanguage, Texts> = { de, en, fr };

const text = (lang: ShopLanguage, key: keyof Texts, team = '') => (TEXTS[lang][key] ?? en[key]).replace('{{team}}', team);

/** The programme feed as `webcal://` (a click opens the subscription in Apple Calendar and Outlook; Google takes the https address). */
export function programmeFeedUrl(lang: string, team: string, origin = window.location.origin): string {
  return `${origin.replace(/^https?:/, 'webcal:')}/${lang}/shop/${encodeURIComponent(team)}/calendar.ics`;
}

/** Footer: subscribe to the team's published dates. */
export function SubscribeLink() {
  const { team, lang } = useShop();
  if (!team) return null;
  const ref = team.slug ?? String(team.id);
  return (
    <a href={programmeFeedUrl(lang, ref)} title={text(lang, 'subscribeHint', team.name)} className="calendar-subscribe">
      {text(lang, 'subscribe')}
    </a>
  );
}

/** Order page: the booked dates as an `.ics` file, behind the order link's token like the PDFs. */
export function AddToCalendar({ orderId, token }: { orderId: string; token: string }) {
  const { lang } = useShop();
  const href = `/api/public/orders/${encodeURIComponent(orderId)}/calendar.ics?token=${encodeURIComponent(token)}&lang=${lang}`;
  return (
    <a className="button button-secondary" href={href} download title={text(lang, 'addToCalendarHint')}>
      {text(lang, 'addToCalendar')}
    </a>
  );
}
