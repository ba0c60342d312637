/** Integrations for providers' own systems (CONTRACT §8): API tokens. */
export { apiTokensRoutes } from './api-tokens.routes.ts';
