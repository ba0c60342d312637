import { addNamespace } from '../lib/i18n';
import deAuth from '../locales/de/auth.json';
import deBackend from '../locales/de/backend.json';
import deCatalogue from '../locales/de/catalogue.json';
import deCourses from '../locales/de/courses.json';
import enCourses from '../locales/en/courses.json';
import frCourses from '../locales/fr/courses.json';
import deProfile from '../locales/de/profile.json';
import deSchedule from '../locales/de/schedule.json';
import enSchedule from '../locales/en/schedule.json';
import frSchedule from '../locales/fr/schedule.json';
import deSettings from '../locales/de/settings.json';
import dePublic from '../locales/de/public.json';
import deShop from '../locales/de/shop.json';
import enAuth from '../locales/en/auth.json';
import enBackend from '../locales/en/backend.json';
import enCatalogue from '../locales/en/catalogue.json';
import enProfile from '../locales/en/profile.json';
import enSettings from '../locales/en/settings.json';
import enPublic from '../locales/en/public.json';
import enShop from '../locales/en/shop.json';
import frAuth from '../locales/fr/auth.json';
import frBackend from '../locales/fr/backend.json';
import frCatalogue from '../locales/fr/catalogue.json';
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
  addNamespace('catalogue', { de: deCatalogue, en: enCatalogue, fr: frCatalogue });
  addNamespace('courses', { de: deCourses, en: enCourses, fr: frCourses });
  addNamespace('schedule', { de: deSchedule, en: enSchedule, fr: frSchedule });
  addNamespace('settings', { de: deSettings, en: enSettings, fr: frSettings });
  addNamespace('profile', { de: deProfile, en: enProfile, fr: frProfile });
}
