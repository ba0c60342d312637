import { teamLogoReplySchema, teamLogoSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../lib/app-error.ts';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { fileReply, idParam } from '../../lib/http.ts';
import { appStorage } from '../../lib/storage.ts';
import * as logos from './logo.service.ts';
import { logoUrl } from './teams.service.ts';

/** Company logo upload/removal (owner/admin) and the public avatar; the files are in the app's storage (503 while it fails). */
export async function logoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const storage = appStorage(config);
  const tags = ['teams'];
  const manage = requirePermission('team.manage');

  app.post(
    '/api/team/logo',
    {
      preValidation: manage,
      // A 2 MB image is about 2.7 MB as base64.
      bodyLimit: 3 * 1024 * 1024,
      schema: {
        tags,
        summary: 'Uploads the company logo (data URL of a PNG, JPEG or WebP, at most 2 MB)',
        body: teamLogoSchema,
        response: { 200: teamLogoReplySchema },
      },
    },
    async (request) => {
      const team = await logos.saveLogo(db, storage, currentTeam(request), request.body.data_url);
      return { success: true as const, message: request.t('teams:logo.saved'), logo_url: logoUrl(team) };
    },
  );

  app.delete(
    '/api/team/logo',
    { preValidation: manage, schema: { tags, summary: 'Removes the company logo', response: { 200: teamLogoReplySchema } } },
    async (request) => {
      const team = await logos.deleteLogo(db, storage, currentTeam(request));
      return { success: true as const, message: request.t('teams:logo.removed'), logo_url: logoUrl(team) };
    },
  );

  app.get(
    '/avatar/team/:id',
    {
      schema: {
        tags,
        summary: 'Company logo, or an SVG with the initials when there is none (public)',
        params: z.object({ id: z.string().max(20) }),
        produces: ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'],
        response: { 200: fileReply },
      },
    },
    async (request, reply) => {
      const id = idParam.safeParse(request.params.id);
      if (!id.success || !/^\d+$/.test(request.params.id)) throw notFound();
      const avatar = await logos.teamAvatar(db, storage, id.data);
      return reply.header('Cache-Control', 'public, max-age=300').type(avatar.type).send(avatar.body);
    },
  );
}
