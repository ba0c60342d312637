/**
 * The public route group: one lazily loaded chunk (clean layout, landing, content pages, 404).
 * It must not import back-office code. The account screens (login, register, password resets,
 * invitation) are in it by name, but their code is a chunk of its own (auth-pages.ts): forms,
 * zod and the selects would otherwise triple what the landing page downloads.
 */
import '@mantine/core/styles/Accordion.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/SimpleGrid.css';
import '@mantine/core/styles/Typography.css';
import { addNamespace } from '../../lib/i18n';
import de from '../../locales/de/public.json';
import en from '../../locales/en/public.json';
import fr from '../../locales/fr/public.json';

addNamespace('public', { de, en, fr });

export { CleanLayout } from '../../app/layouts/clean-layout';
export { ContentPage } from './content-page';
export { LandingPage } from './landing-page';
export { NotFoundPage } from './not-found-page';
export { AcceptInvitePage, CustomerResetPage, LoginPage, RegisterPage, ResetPasswordPage } from './auth-page-loaders';
