import swagger from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** The OpenAPI document, generated from the route schemas, at GET /api/docs (JSON, like every /api path). */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.deps.config.appName} API`,
        version: '1.0.0',
        description:
          'Cookie session with CSRF (GET /sanctum/csrf-cookie, then send X-XSRF-TOKEN on every POST/PUT/PATCH/DELETE). ' +
          'Errors: {message, errors?}; 422 errors keyed by dotted field path. Language: ?language=, cookie, Accept-Language.',
      },
      servers: [{ url: app.deps.config.appUrl }],
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: 'bookla_session' },
          xsrf: { type: 'apiKey', in: 'header', name: 'X-XSRF-TOKEN' },
          customer: { type: 'apiKey', in: 'cookie', name: 'bookla_customer' },
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'bkl_…',
            description:
              'An API token of the company (created on /backend/config/integration; docs/api/tokens.md). Scopes: `read` (GET calls), ' +
              '`orders` (order changes, check-in), `catalogue` (catalogue writes). No XSRF header; 401 with WWW-Authenticate when unknown or revoked.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
  });
});

export function registerDocsRoute(app: FastifyInstance) {
  app.get('/api/docs', { schema: { hide: true } }, async () => app.swagger());
}
