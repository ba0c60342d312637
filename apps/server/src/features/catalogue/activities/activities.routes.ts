import {
  activityDetailSchema,
  activityListItemSchema,
  activityListQuerySchema,
  activityMassBodySchema,
  activityMassReplySchema,
  activityStoreBodySchema,
  activityStoreReplySchema,
  activityUpdateBodySchema,
  headerImageSchema,
  instructorItemSchema,
  type Permission,
  pickText,
} from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can, currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { dataReply, fileReply, idParam, listReply, successDataReply, successReply, toList } from '../../../lib/http.ts';
import * as activityList from './activity-list.service.ts';
import { forbidden, notFound, validationError } from '../../../lib/app-error.ts';
import { mediaStorage } from '../../../lib/storage.ts';
import * as activities from './activities.service.ts';
import multipart from '@fastify/multipart';
import { findActivity } from './activities.repo.ts';
import * as media from './media.service.ts';

/**
 * Every route of activities (courses and events): create, the back-office list, one activity
 * (read, change, delete), mass actions, the instructor select, header images and the public
 * media files (docs/api/catalogue.md "Activities").
 */
export async function activitiesRoutes(app: FastifyInstance) {
  await app.register(activityListRoutes);
  await app.register(activityRoutes);
  await app.register(mediaRoutes);
}

/** Activities: create one, the back-office list. */
async function activityListRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue'];
  const courses = requirePermission('nav.courses');
  const create = requirePermission('course.create');

  app.post(
    '/api/course/store',
    {
      preValidation: create,
      schema: {
        tags,
        summary: 'Creates a draft course or event of a type set; a name is required in every company language',
        body: activityStoreBodySchema,
        response: { 200: activityStoreReplySchema },
      },
    },
    async (request) => {
      const activityId = await activityList.storeActivity(db, currentTeam(request), request.body);
      return { success: true as const, course_id: activityId, message: request.t('catalogue:course.created') };
    },
  );

  app.get(
    '/api/courses',
    {
      preValidation: courses,
      schema: {
        tags,
        summary: 'Courses and events of the current company, newest first (list)',
        querystring: activityListQuerySchema,
        response: { 200: listReply(activityListItemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await activityList.listActivities(db, currentTeam(request), q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );
}

/** One course or event: read, change, delete, mass actions; the instructor select (docs/api/catalogue.md). */
async function activityRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, config } = app.deps;
  const storage = mediaStorage(config);
  const tags = ['catalogue'];
  const courses = requirePermission('nav.courses');
  const edit = requirePermission('course.edit');
  const remove = requirePermission('course.delete');
  const params = z.object({ id: idParam });

  app.get(
    '/api/courses/:id',
    {
      preValidation: courses,
      schema: {
        tags,
        summary: 'One course or event with its settings (dates in the company time zone)',
        params,
        response: { 200: dataReply(activityDetailSchema) },
      },
    },
    async (request) => ({
      data: await activities.getActivity(db, currentTeam(request), request.params.id, request.lang, can(request, 'course.edit')),
    }),
  );

  app.put(
    '/api/courses/:id',
    {
      preValidation: edit,
      schema: {
        tags,
        summary: 'Changes the sent fields of a course (a sent name is required in every company language)',
        params,
        body: activityUpdateBodySchema,
        response: { 200: successDataReply(activityDetailSchema) },
      },
    },
    async (request) => {
      const team = currentTeam(request);
      await activities.updateActivity(db, team, request.params.id, request.body);
      return {
        success: true as const,
        message: request.t('activities:course.saved'),
        data: await activities.getActivity(db, team, request.params.id, request.lang, true),
      };
    },
  );

  app.delete(
    '/api/courses/:id',
    {
      preValidation: remove,
      schema: {
        tags,
        summary: 'Deletes a course and its sub-items (refused once a ticket has been sold)',
        params,
        response: { 200: successReply },
      },
    },
    async (request) => {
      await activities.deleteActivity(db, storage, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('activities:course.deleted') };
    },
  );

  const massPermission: Record<z.infer<typeof activityMassBodySchema>['action'], Permission> = {
    publish: 'course.edit',
    unpublish: 'course.edit',
    duplicate: 'course.create',
    delete: 'course.delete',
  };

  app.post(
    '/api/courses/mass',
    {
      preValidation: courses,
      schema: {
        tags,
        summary: 'Publishes, unpublishes, duplicates or deletes several courses; ids of other companies are ignored',
        body: activityMassBodySchema,
        response: { 200: activityMassReplySchema },
      },
    },
    async (request) => {
      const { action, ids } = request.body;
      if (!can(request, massPermission[action])) throw forbidden();
      const { affected, published, refused } = await activities.massActivities(db, storage, currentTeam(request).id, action, ids);
      let message = request.t(`activities:mass.${action}`, { count: affected });
      if (refused?.length) message += ` ${request.t('activities:mass.publish_refused', { count: refused.length })}`;
      if (!published) return { success: true as const, message, affected };
      return {
        success: true as const,
        message,
        affected,
        published,
        refused: (refused ?? []).map((r) => ({
          id: r.id,
          name: pickText(r.name, request.lang),
          reasons: r.reasons.map((key) => request.t(key)),
        })),
      };
    },
  );

  app.get(
    '/api/course/instructors',
    {
      preValidation: courses,
      schema: {
        tags,
        summary: 'Company members who can teach (for the instructor select)',
        response: { 200: dataReply(z.array(instructorItemSchema)) },
      },
    },
    async (request) => ({ data: await activities.listInstructors(db, currentTeam(request).id) }),
  );
}

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
async function mediaRoutes(fastify: FastifyInstance) {
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
        response: { 200: successDataReply(headerImageSchema) },
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
        produces: ['image/webp', 'image/jpeg', 'image/png'],
        response: { 200: fileReply },
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
