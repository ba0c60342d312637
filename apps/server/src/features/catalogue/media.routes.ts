import multipart from '@fastify/multipart';
import { headerImageSchema } from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound, validationError } from '../../lib/app-error.ts';
import { mediaStorage } from '../../lib/storage.ts';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { idParam, successReply } from '../teams/http.ts';
import { findActivity } from './activities.repo.ts';
import * as media from './media.service.ts';

/** Reads the multipart `file` part, at most the header image limit (413 beyond it). */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw validationError({ file: ['validation:required'] });
  let part;
  try {
    part = await request.file({ limits: { fileSize: media.HEADER_IMAGE_MAX_BYTES, files: 1 } });
  } catch {
    throw validationError({ file: ['validation:required'] });
  }
  if (!part) throw validationError({ file: ['validation:required'] });
  let bytes: Buffer;
  try {
    bytes = await part.toBuffer();
  } catch (err) {
    if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw media.imageTooLarge();
    throw err;
  }
  if (part.fieldname !== 'file') throw validationError({ file: ['validation:required'] });
  return bytes;
}

/** Header images of activities (upload/removal) and the public media files. */
export async function mediaRoutes(fastify: FastifyInstance) {
  // Multipart parsing exists only inside this plugin; the rest of the API stays JSON-only.
  await fastify.register(multipart, { limits: { fileSize: media.HEADER_IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const storage = mediaStorage(config);
  const tags = ['catalogue'];
  const edit = requirePermission('course.edit');
  const params = z.object({ id: idParam });

  app.post(
    '/api/courses/:id/header-image',
    {
      preValidation: edit,
      schema: {
        tags,
        summary: `Uploads the header image (multipart field "file": JPEG, PNG or WebP, at most ${media.HEADER_IMAGE_MAX_BYTES / 1_000_000} MB); stored as WebP 480 and 1600 px wide`,
        params,
        consumes: ['multipart/form-data'],
        response: { 200: successReply.extend({ data: headerImageSchema }) },
      },
    },
    async (request) => {
      const teamId = currentTeam(request).id;
      // Unknown ids answer 404 before the upload is read.
      if (!(await findActivity(db, teamId, request.params.id))) throw notFound();
      const bytes = await uploadedFile(request);
      const data = await media.saveHeaderImage(db, storage, teamId, request.params.id, bytes);
      return { success: true as const, message: request.t('activities:image.saved'), data };
    },
  );

  app.delete(
    '/api/courses/:id/header-image',
    { preValidation: edit, schema: { tags, summary: 'Removes the header image and its files', params, response: { 200: successReply } } },
    async (request) => {
      await media.deleteHeaderImage(db, storage, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('activities:image.removed') };
    },
  );

  app.get(
    '/media/:key/:variant',
    {
      schema: {
        tags,
        summary: 'A stored image variant (public; keys are random, files never change)',
        params: z.object({ key: z.string().max(100), variant: z.string().max(20) }),
      },
    },
    async (request, reply) => {
      const body = await media.readMedia(storage, request.params.key, request.params.variant);
      if (!body) throw notFound();
      return reply
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .type('image/webp')
        .send(body);
    },
  );
}
