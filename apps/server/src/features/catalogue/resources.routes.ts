import {
  bookingsQuerySchema,
  conflictCheckBodySchema,
  conflictSchema,
  resourceBookingSchema,
  resourceGroupBodySchema,
  resourceGroupItemSchema,
  resourceGroupListQuerySchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../lib/app-error.ts';
import { can, currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, idParam, successReply } from '../teams/http.ts';
import { checkConflicts } from './conflicts.service.ts';
import { listReply, toList } from './list.ts';
import * as groups from './resources.service.ts';

/** Resource groups with their resources, their bookings, and the conflict check (docs/api/catalogue.md "Setup"). */
export async function resourcesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['resources'];
  const manage = requirePermission('nav.sa_resources');
  const params = z.object({ id: idParam });
  const saved = successReply.extend({ data: resourceGroupItemSchema });

  app.get(
    '/api/sa/resources',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Resource groups with their resources (list)',
        querystring: resourceGroupListQuerySchema,
        response: { 200: listReply(resourceGroupItemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await groups.listGroups(db, currentTeam(request).id, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.post(
    '/api/sa/resources',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Creates a resource group (optionally with resources)',
        body: resourceGroupBodySchema,
        response: { 200: saved },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('timetable:resource_group.created'),
      data: await groups.createGroup(db, currentTeam(request), request.body, request.lang),
    }),
  );

  app.get(
    '/api/sa/resources/:id',
    {
      preValidation: manage,
      schema: { tags, summary: 'One resource group', params, response: { 200: dataReply(resourceGroupItemSchema) } },
    },
    async (request) => ({ data: await groups.getGroup(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/api/sa/resources/:id',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Changes a resource group; a sent resources list replaces its resources (sent ids are kept)',
        params,
        body: resourceGroupBodySchema,
        response: { 200: saved },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('timetable:resource_group.saved'),
      data: await groups.updateGroup(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );

  app.delete(
    '/api/sa/resources/:id',
    {
      preValidation: manage,
      schema: { tags, summary: 'Deletes a resource group and its assignments', params, response: { 200: successReply } },
    },
    async (request) => {
      await groups.deleteGroup(db, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('timetable:resource_group.deleted') };
    },
  );

  app.get(
    '/api/sa/resources/:id/bookings',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Sessions using the group’s resources between from and to, with conflict flags',
        params,
        querystring: bookingsQuerySchema,
        response: { 200: dataReply(z.array(resourceBookingSchema)) },
      },
    },
    async (request) => ({ data: await groups.bookings(db, currentTeam(request), request.params.id, request.query, request.lang) }),
  );

  /** Course editors check while assigning, resource managers while planning. */
  const editOrManage = async (request: FastifyRequest) => {
    currentTeam(request);
    if (!can(request, 'course.edit') && !can(request, 'nav.sa_resources')) throw forbidden();
  };

  app.post(
    '/api/sa/conflicts/check',
    {
      preValidation: editOrManage,
      schema: {
        tags,
        summary: 'Conflicts resources would have in a time range (optionally leaving one session out)',
        body: conflictCheckBodySchema,
        response: { 200: z.object({ conflicts: z.array(conflictSchema) }) },
      },
    },
    async (request) => ({ conflicts: await checkConflicts(db, currentTeam(request), request.body, request.lang) }),
  );
}
