import { lazyNamed } from '../../../lib/lazy-named';
/** What the pages and other features may use of the selling settings (taxes, integrations, branding). */
export { IntegrationSettingsForm } from './components/integration-settings-form';
export { TaxSettingsForm } from './components/tax-settings-form';
export { NotificationSettingsForm } from './notifications/notification-settings-form';
export { EmbedsSection } from './embeds/embeds-section';
export { sellingSettingsKeys, useIntegrationSettings, useTaxSettings } from './api/settings-api';
export { shopPath } from './form-values';
/** The webhooks section of the integration page, loaded when it is shown (the back office's first chunk stays small). */
export const WebhooksSection = lazyNamed(() => import('./webhooks/webhooks-section'), 'WebhooksSection');
/** The API tokens section of the integration page, loaded when it is shown. */
export const ApiTokensSection = lazyNamed(() => import('./api-tokens/api-tokens-section'), 'ApiTokensSection');
