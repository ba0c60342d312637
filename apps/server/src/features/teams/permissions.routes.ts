import { isPermission, permissionDeniedReplySchema, permissionReplySchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';
import { can, requireUser } from '../../plugins/auth.ts';

/**
 * Element-level permission checks (spec §6): 200 `{success: true}` when granted, else 403
 * `{success: false}`, also for unknown names and while the company's two-factor rule is unmet.
 */
export async function permissionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/srl/permission/:name',
    {
      preValidation: requireUser,
      schema: {
        tags: ['teams'],
        summary: 'Whether the user holds a permission in the current company',
        params: z.object({ name: z.string().max(100) }),
        response: { 200: permissionReplySchema, 403: permissionDeniedReplySchema },
      },
    },
    async (request) => {
      const { name } = request.params;
      if (isPermission(name) && can(request, name)) return { success: true as const };
      throw new AppError('FORBIDDEN', 'errors:forbidden', { extra: { success: false } });
    },
  );
}
