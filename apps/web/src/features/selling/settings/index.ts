/** What the pages and other features may use of the selling settings (taxes, integrations, branding). */
export { IntegrationSettingsForm } from './components/integration-settings-form';
export { TaxSettingsForm } from './components/tax-settings-form';
export { NotificationSettingsForm } from './notifications/notification-settings-form';
export { EmbedsSection } from './embeds/embeds-section';
export { sellingSettingsKeys, useIntegrationSettings, useTaxSettings } from './api/settings-api';
export { shopPath } from './form-values';
