import { addNamespace } from '../lib/i18n';
import deSellingSettings from '../locales/de/selling-settings.json';
import enSellingSettings from '../locales/en/selling-settings.json';
import frSellingSettings from '../locales/fr/selling-settings.json';
import deEmbeds from '../locales/de/embeds.json';
import enEmbeds from '../locales/en/embeds.json';
import frEmbeds from '../locales/fr/embeds.json';
import deAuth from '../locales/de/auth.json';
import deBackend from '../locales/de/backend.json';
import deSetup from '../locales/de/setup.json';
import deActivities from '../locales/de/activities.json';
import enActivities from '../locales/en/activities.json';
import frActivities from '../locales/fr/activities.json';
import deProfile from '../locales/de/profile.json';
import deTimetable from '../locales/de/timetable.json';
import enTimetable from '../locales/en/timetable.json';
import frTimetable from '../locales/fr/timetable.json';
import deTickets from '../locales/de/tickets.json';
import enTickets from '../locales/en/tickets.json';
import frTickets from '../locales/fr/tickets.json';
import deResources from '../locales/de/resources.json';
import enResources from '../locales/en/resources.json';
import frResources from '../locales/fr/resources.json';
import deDiscounts from '../locales/de/discounts.json';
import enDiscounts from '../locales/en/discounts.json';
import frDiscounts from '../locales/fr/discounts.json';
import deSettings from '../locales/de/settings.json';
import dePublic from '../locales/de/public.json';
import enAuth from '../locales/en/auth.json';
import enBackend from '../locales/en/backend.json';
import enSetup from '../locales/en/setup.json';
import enProfile from '../locales/en/profile.json';
import enSettings from '../locales/en/settings.json';
import enPublic from '../locales/en/public.json';
import frAuth from '../locales/fr/auth.json';
import frBackend from '../locales/fr/backend.json';
import frSetup from '../locales/fr/setup.json';
import frProfile from '../locales/fr/profile.json';
import frSettings from '../locales/fr/settings.json';
import frPublic from '../locales/fr/public.json';
import deCheckin from '../locales/de/checkin.json';
import enCheckin from '../locales/en/checkin.json';
import frCheckin from '../locales/fr/checkin.json';
import deBackoffice from '../routes/backoffice/texts/de';
import enBackoffice from '../routes/backoffice/texts/en';
import frBackoffice from '../routes/backoffice/texts/fr';

/** In the app each route group adds its namespace; component tests need them all up front. */
export function registerAllNamespaces(): void {
  addNamespace('public', { de: dePublic, en: enPublic, fr: frPublic });
  addNamespace('auth', { de: deAuth, en: enAuth, fr: frAuth });
  addNamespace('backend', { de: deBackend, en: enBackend, fr: frBackend });
  addNamespace('setup', { de: deSetup, en: enSetup, fr: frSetup });
  addNamespace('activities', { de: deActivities, en: enActivities, fr: frActivities });
  addNamespace('timetable', { de: deTimetable, en: enTimetable, fr: frTimetable });
  addNamespace('tickets', { de: deTickets, en: enTickets, fr: frTickets });
  addNamespace('resources', { de: deResources, en: enResources, fr: frResources });
  addNamespace('discounts', { de: deDiscounts, en: enDiscounts, fr: frDiscounts });
  addNamespace('settings', { de: deSettings, en: enSettings, fr: frSettings });
  addNamespace('sellingSettings', { de: deSellingSettings, en: enSellingSettings, fr: frSellingSettings });
  addNamespace('embeds', { de: deEmbeds, en: enEmbeds, fr: frEmbeds });
  addNamespace('profile', { de: deProfile, en: enProfile, fr: frProfile });
  addNamespace('checkin', { de: deCheckin, en: enCheckin, fr: frCheckin });
  // Every back-office namespace, as the app loads them one language at a time (routes/backoffice/texts).
  for (const ns of Object.keys(enBackoffice) as (keyof typeof enBackoffice)[])
    addNamespace(ns, { de: deBackoffice[ns], en: enBackoffice[ns], fr: frBackoffice[ns] });
}
