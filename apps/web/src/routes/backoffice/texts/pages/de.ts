/** The back office's other texts in de: loaded with the first page other than the dashboard (routes/backoffice/texts.ts). */
import setup from '../../../../locales/de/setup.json';
import settings from '../../../../locales/de/settings.json';
import sellingSettings from '../../../../locales/de/selling-settings.json';
import embeds from '../../../../locales/de/embeds.json';
import profile from '../../../../locales/de/profile.json';
import timetable from '../../../../locales/de/timetable.json';
import tickets from '../../../../locales/de/tickets.json';
import resources from '../../../../locales/de/resources.json';
import discounts from '../../../../locales/de/discounts.json';
import subscriptions from '../../../../locales/de/subscriptions.json';
import checkin from '../../../../locales/de/checkin.json';
import orders from '../../../../locales/de/orders.json';
import archive from '../../../../locales/de/archive.json';
import customers from '../../../../locales/de/customers.json';
import exports from '../../../../locales/de/exports.json';
import waitingList from '../../../../locales/de/waiting-list.json';
import auth from '../../../../locales/de/auth.json';
import statisticsPage from '../../../../locales/de/statistics-page.json';

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
