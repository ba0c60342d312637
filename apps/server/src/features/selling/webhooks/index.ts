/**
 * What the app may use of the webhooks (decision 030): the back-office routes, the background
 * sweep that fans events out and delivers them, and the receiver's signature check (tests, docs).
 */
export { webhooksRoutes } from './webhooks.routes.ts';
export { fanOut, deliverDue, runWebhookSweep, scheduleWebhookDeliveries, webhookBackoffMs, type WebhookDeps } from './deliveries.ts';
export { signatureHeader, verifySignature } from './signature.ts';
export { isLocalAddress, resolveTarget, urlRefusal } from './url-guard.ts';
