import { addNamespace } from '../lib/i18n';
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
import deSettings from '../locales/de/settings.json';
import dePublic from '../locales/de/public.json';
import deShop from '../locales/de/shop.json';
import enAuth from '../locales/en/auth.json';
import enBackend from '../locales/en/backend.json';
import enSetup from '../locales/en/setup.json';
import enProfile from '../locales/en/profile.json';
import enSettings from '../locales/en/settings.json';
import enPublic from '../locales/en/public.json';
import enShop from '../locales/en/shop.json';
import frAuth from '../locales/fr/auth.json';
import frBackend from '../locales/fr/backend.json';
import frSetup from '../locales/fr/setup.json';
import frProfile from '../locales/fr/profile.json';
import frSettings from '../locales/fr/settings.json';
import frPublic from '../locales/fr/public.json';
import frShop from '../locales/fr/shop.json';

/** In the app each route group adds its namespace; component tests need them all up front. */
export function registerAllNamespaces(): void {
  addNamespace('public', { de: dePublic, en: enPublic, fr: frPublic });
  addNamespace('auth', { de: deAuth, en: enAuth, fr: frAuth });
  addNamespace('shop', { de: deShop, en: enShop, fr: frShop });
  addNamespace('backend', { de: deBackend, en: enBackend, fr: frBackend });
  addNamespace('setup', { de: deSetup, en: enSetup, fr: frSetup });
  addNamespace('activities', { de: deActivities, en: enActivities, fr: frActivities });
  addNamespace('timetable', { de: deTimetable, en: enTimetable, fr: frTimetable });
  addNamespace('tickets', { de: deTickets, en: enTickets, fr: frTickets });
  addNamespace('resources', { de: deResources, en: enResources, fr: frResources });
  addNamespace('settings', { de: deSettings, en: enSettings, fr: frSettings });
  addNamespace('profile', { de: deProfile, en: enProfile, fr: frProfile });
}
