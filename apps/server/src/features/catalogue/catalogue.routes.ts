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
import { dataReply, idParam, successReply } from '../teams/http.ts';
import * as catalogue from './catalogue.service.ts';
import { listReply, toList } from './list.ts';
import * as places from './locations.service.ts';

/** The catalogue: type sets, courses and events, locations (spec §7, CONTRACT §3). */
export async function catalogueRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue'];
  const courses = requirePermission('nav.courses');
  const create = requirePermission('course.create');
  const manageLocations = requirePermission('nav.locations');
  const params = z.object({ id: idParam });

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

  app.get(
    '/api/course/locations',
    {
      preValidation: manageLocations,
      schema: {
        tags,
        summary: 'Locations of the current company (list)',
        querystring: locationListQuerySchema,
        response: { 200: listReply(locationItemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await places.listLocations(db, currentTeam(request).id, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.post(
    '/api/course/locations',
    {
      preValidation: manageLocations,
      schema: {
        tags,
        summary: 'Creates a location',
        body: locationBodySchema,
        response: { 200: successReply.extend({ data: locationItemSchema }) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('catalogue:location.created'),
      data: await places.createLocation(db, currentTeam(request), request.body, request.lang),
    }),
  );

  app.get(
    '/api/course/locations/:id',
    {
      preValidation: manageLocations,
      schema: { tags, summary: 'One location', params, response: { 200: dataReply(locationItemSchema) } },
    },
    async (request) => ({ data: await places.getLocation(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/api/course/locations/:id',
    {
      preValidation: manageLocations,
      schema: {
        tags,
        summary: 'Changes a location',
        params,
        body: locationBodySchema,
        response: { 200: successReply.extend({ data: locationItemSchema }) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('catalogue:location.saved'),
      data: await places.updateLocation(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );

  app.delete(
    '/api/course/locations/:id',
    {
      preValidation: manageLocations,
      schema: { tags, summary: 'Deletes a location (activities there keep no location)', params, response: { 200: successReply } },
    },
    async (request) => {
      await places.deleteLocation(db, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('catalogue:location.deleted') };
    },
  );
}
