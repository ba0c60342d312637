/** The back office's other texts in en: loaded with the first page other than the dashboard (routes/backoffice/texts.ts). */
import setup from '../../../../locales/en/setup.json';
import settings from '../../../../locales/en/settings.json';
import sellingSettings from '../../../../locales/en/selling-settings.json';
import embeds from '../../../../locales/en/embeds.json';
import profile from '../../../../locales/en/profile.json';
import timetable from '../../../../locales/en/timetable.json';
import tickets from '../../../../locales/en/tickets.json';
import resources from '../../../../locales/en/resources.json';
import discounts from '../../../../locales/en/discounts.json';
import subscriptions from '../../../../locales/en/subscriptions.json';
import checkin from '../../../../locales/en/checkin.json';
import orders from '../../../../locales/en/orders.json';
import archive from '../../../../locales/en/archive.json';
import customers from '../../../../locales/en/customers.json';
import exports from '../../../../locales/en/exports.json';
import waitingList from '../../../../locales/en/waiting-list.json';
import auth from '../../../../locales/en/auth.json';
import statisticsPage from '../../../../locales/en/statistics-page.json';

export default {
  setup,
  settings,
  sellingSettings,
  embeds,
  profile,
  timetable,
  tickets,
  resources,
  discounts,
  subscriptions,
  checkin,
  orders,
  archive,
  customers,
  exports,
  'waiting-list': waitingList,
  // The messages of the shared password rules (`auth:password_mismatch`, …) of the profile.
  auth,
  // The statistics page's own texts, merged into the namespace whose dashboard part came first.
  statistics: statisticsPage,
};
