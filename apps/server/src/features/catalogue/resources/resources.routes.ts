import {
  bookingsQuerySchema,
  conflictCheckBodySchema,
  conflictCheckReplySchema,
  resourceBookingSchema,
  resourceGroupBodySchema,
  resourceGroupItemSchema,
  resourceGroupListQuerySchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { forbidden } from '../../../lib/app-error.ts';
import { can, currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { dataReply, idParam } from '../../../lib/http.ts';
import { checkConflicts } from '../timetable/index.ts';
import { crudRoutes } from '../../../lib/crud-routes.ts';
import * as groups from './resources.service.ts';

/** Resource groups with their resources, their bookings, and the conflict check (docs/api/catalogue.md "Setup"). */
export async function resourcesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['resources'];
  const manage = requirePermission('nav.sa_resources');
  const params = z.object({ id: idParam });

  crudRoutes(fastify, {
    path: '/api/sa/resources',
    tags,
    permission: 'nav.sa_resources',
    item: resourceGroupItemSchema,
    list: { summary: 'Resource groups with their resources (list)', query: resourceGroupListQuerySchema, run: groups.listGroups },
    create: {
      summary: 'Creates a resource group (optionally with resources)',
      message: 'timetable:resource_group.created',
      body: resourceGroupBodySchema,
      run: groups.createGroup,
    },
    get: { summary: 'One resource group', run: groups.getGroup },
    update: {
      summary: 'Changes a resource group; a sent resources list replaces its resources (sent ids are kept)',
      message: 'timetable:resource_group.saved',
      body: resourceGroupBodySchema,
      run: groups.updateGroup,
    },
    remove: {
      summary: 'Deletes a resource group and its assignments',
      message: 'timetable:resource_group.deleted',
      run: groups.deleteGroup,
    },
  });

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
        response: { 200: conflictCheckReplySchema },
      },
    },
    async (request) => ({ conflicts: await checkConflicts(db, currentTeam(request), request.body, request.lang) }),
  );
}
