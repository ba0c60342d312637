import type errors from '@bookla/shared/locales/en/errors.json';
import type validation from '@bookla/shared/locales/en/validation.json';
import type activities from './locales/en/activities.json';
import type auth from './locales/en/auth.json';
import type checkin from './locales/en/checkin.json';
import type orders from './locales/en/orders.json';
import type archive from './locales/en/archive.json';
import type statistics from './locales/en/statistics.json';
import type statisticsPage from './locales/en/statistics-page.json';
import type customers from './locales/en/customers.json';
import type exportsNs from './locales/en/exports.json';
import type waitingList from './locales/en/waiting-list.json';
import type backend from './locales/en/backend.json';
import type common from './locales/en/common.json';
import type profile from './locales/en/profile.json';
import type publicNs from './locales/en/public.json';
import type setup from './locales/en/setup.json';
import type settings from './locales/en/settings.json';
import type resources from './locales/en/resources.json';
import type tickets from './locales/en/tickets.json';
import type discounts from './locales/en/discounts.json';
import type subscriptions from './locales/en/subscriptions.json';
import type timetable from './locales/en/timetable.json';
import type sellingSettings from './locales/en/selling-settings.json';
import type embeds from './locales/en/embeds.json';
import type plan from './locales/en/plan.json';
import type platform from './locales/en/platform.json';

// Translation keys are typed from `en`; locales.test.ts keeps de and fr in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      public: typeof publicNs;
      auth: typeof auth;
      backend: typeof backend;
      setup: typeof setup;
      activities: typeof activities;
      settings: typeof settings;
      profile: typeof profile;
      timetable: typeof timetable;
      tickets: typeof tickets;
      resources: typeof resources;
      discounts: typeof discounts;
      subscriptions: typeof subscriptions;
      checkin: typeof checkin;
      orders: typeof orders;
      archive: typeof archive;
      // The dashboard's part (first screen) and the statistics page's (with the other pages).
      statistics: typeof statistics & typeof statisticsPage;
      customers: typeof customers;
      exports: typeof exportsNs;
      'waiting-list': typeof waitingList;
      sellingSettings: typeof sellingSettings;
      embeds: typeof embeds;
      plan: typeof plan;
      platform: typeof platform;
      validation: typeof validation;
      errors: typeof errors;
    };
  }
}
