import type errors from '@bookla/shared/locales/en/errors.json';
import type validation from '@bookla/shared/locales/en/validation.json';
import type auth from './locales/en/auth.json';
import type backend from './locales/en/backend.json';
import type catalogue from './locales/en/catalogue.json';
import type common from './locales/en/common.json';
import type courses from './locales/en/courses.json';
import type profile from './locales/en/profile.json';
import type schedule from './locales/en/schedule.json';
import type publicNs from './locales/en/public.json';
import type settings from './locales/en/settings.json';
import type shop from './locales/en/shop.json';

// Translation keys are typed from `en`; locales.test.ts keeps de and fr in step.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      public: typeof publicNs;
      auth: typeof auth;
      shop: typeof shop;
      backend: typeof backend;
      catalogue: typeof catalogue;
      courses: typeof courses;
      settings: typeof settings;
      profile: typeof profile;
      schedule: typeof schedule;
      validation: typeof validation;
      errors: typeof errors;
    };
  }
}
