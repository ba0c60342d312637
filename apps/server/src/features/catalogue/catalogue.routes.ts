import {
  courseListItemSchema,
  courseListQuerySchema,
  courseStoreBodySchema,
  locationBodySchema,
  locationItemSchema,
  locationListQuerySchema,
  typeSetItemSchema,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, successReply } from '../teams/http.ts';
import * as catalogue from './catalogue.service.ts';
import { crudRoutes } from './crud-routes.ts';
import { listReply, toList } from './list.ts';
import * as places from './locations.service.ts';

/** The catalogue: type sets, courses and events, locations (spec §7, CONTRACT §3). */
export async function catalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue'];
  const courses = requirePermission('nav.courses');
  const create = requirePermission('course.create');

  app.get(
    '/api/course/type_sets',
    {
      preValidation: courses,
      schema: {
        tags,
        summary: 'Type sets of the current company (defaults are created on first use)',
        response: { 200: dataReply(z.array(typeSetItemSchema)) },
      },
    },
    async (request) => ({ data: await catalogue.listTypeSets(db, currentTeam(request).id, request.lang) }),
  );

  app.post(
    '/api/course/store',
    {
      preValidation: create,
      schema: {
        tags,
        summary: 'Creates a draft course or event of a type set; a name is required in every company language',
        body: courseStoreBodySchema,
        response: { 200: successReply.extend({ course_id: z.number() }) },
      },
    },
    async (request) => {
      const courseId = await catalogue.storeCourse(db, currentTeam(request), request.body);
      return { success: true as const, course_id: courseId, message: request.t('catalogue:course.created') };
    },
  );

  app.get(
    '/api/courses',
    {
      preValidation: courses,
      schema: {
        tags,
        summary: 'Courses and events of the current company, newest first (list)',
        querystring: courseListQuerySchema,
        response: { 200: listReply(courseListItemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await catalogue.listCourses(db, currentTeam(request), q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  crudRoutes(fastify, {
    path: '/api/course/locations',
    tags,
    permission: 'nav.locations',
    item: locationItemSchema,
    list: { summary: 'Locations of the current company (list)', query: locationListQuerySchema, run: places.listLocations },
    create: { summary: 'Creates a location', message: 'catalogue:location.created', body: locationBodySchema, run: places.createLocation },
    get: { summary: 'One location', run: places.getLocation },
    update: { summary: 'Changes a location', message: 'catalogue:location.saved', body: locationBodySchema, run: places.updateLocation },
    remove: {
      summary: 'Deletes a location (activities there keep no location)',
      message: 'catalogue:location.deleted',
      run: places.deleteLocation,
    },
  });
}
