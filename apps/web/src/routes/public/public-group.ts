/**
 * The public route group of the app: one lazily loaded chunk (clean layout, 404). The account
 * screens (login, register, password resets, invitation) are chunks of their own (login-pages.ts,
 * signup-pages.ts), which their routes load: forms, zod and the selects would otherwise come with
 * every public page. It must not import back-office code. The landing and content pages are not
 * in the app: the server renders them from their own small entry (public.html, src/public-site).
 */
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import { addNamespace } from '../../lib/i18n';
// Only the texts of the 404 page: the landing page's texts are the public site's.
import { notFound as de } from '../../locales/de/public.json';
import { notFound as en } from '../../locales/en/public.json';
import { notFound as fr } from '../../locales/fr/public.json';

addNamespace('public', { de: { notFound: de }, en: { notFound: en }, fr: { notFound: fr } });

export { CleanLayout } from '../../app/layouts/clean-layout';
export { NotFoundPage } from './not-found-page';
