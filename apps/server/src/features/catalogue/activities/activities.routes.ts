import {
  courseDetailSchema,
  courseMassBodySchema,
  courseMassReplySchema,
  pickText,
  courseUpdateBodySchema,
  instructorItemSchema,
  type Permission,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error.ts';
import { mediaStorage } from '../../lib/storage.ts';
import { can, currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, idParam, successReply } from '../teams/http.ts';
import * as activities from './activities.service.ts';

/** One course or event: read, change, delete, mass actions; the instructor select (docs/api/catalogue.md). */
export async function activitiesRoutes(fastify: FastifyInstance) {
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
        response: { 200: dataReply(courseDetailSchema) },
      },
    },
    async (request) => ({
      data: await activities.getCourse(db, currentTeam(request), request.params.id, request.lang, can(request, 'course.edit')),
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
        body: courseUpdateBodySchema,
        response: { 200: successReply.extend({ data: courseDetailSchema }) },
      },
    },
    async (request) => {
      const team = currentTeam(request);
      await activities.updateCourse(db, team, request.params.id, request.body);
      return {
        success: true as const,
        message: request.t('activities:course.saved'),
        data: await activities.getCourse(db, team, request.params.id, request.lang, true),
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
      await activities.deleteCourse(db, storage, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('activities:course.deleted') };
    },
  );

  const massPermission: Record<z.infer<typeof courseMassBodySchema>['action'], Permission> = {
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
        body: courseMassBodySchema,
        response: { 200: courseMassReplySchema },
      },
    },
    async (request) => {
      const { action, ids } = request.body;
      if (!can(request, massPermission[action])) throw forbidden();
      const { affected, published, refused } = await activities.massCourses(db, storage, currentTeam(request).id, action, ids);
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
