/** The back office's other texts in fr: loaded with the first page other than the dashboard (routes/backoffice/texts.ts). */
import setup from '../../../../locales/fr/setup.json';
import settings from '../../../../locales/fr/settings.json';
import sellingSettings from '../../../../locales/fr/selling-settings.json';
import embeds from '../../../../locales/fr/embeds.json';
import profile from '../../../../locales/fr/profile.json';
import timetable from '../../../../locales/fr/timetable.json';
import tickets from '../../../../locales/fr/tickets.json';
import resources from '../../../../locales/fr/resources.json';
import discounts from '../../../../locales/fr/discounts.json';
import subscriptions from '../../../../locales/fr/subscriptions.json';
import checkin from '../../../../locales/fr/checkin.json';
import orders from '../../../../locales/fr/orders.json';
import archive from '../../../../locales/fr/archive.json';
import customers from '../../../../locales/fr/customers.json';
import exports from '../../../../locales/fr/exports.json';
import waitingList from '../../../../locales/fr/waiting-list.json';
import auth from '../../../../locales/fr/auth.json';
import statisticsPage from '../../../../locales/fr/statistics-page.json';

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
