import { activityFieldsBodySchema, activityFieldsSchema, fieldBodySchema, fieldItemSchema, fieldListQuerySchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, idParam, successDataReply } from '../teams/http.ts';
import { crudRoutes } from './crud-routes.ts';
import * as fields from './fields.service.ts';

/** Booking fields (`/backend/course/fields`) with conditional visibility, and an activity's extra fields. */
export async function fieldsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue setup'];
  const params = z.object({ id: idParam });

  crudRoutes(fastify, {
    path: '/api/course/fields',
    tags,
    permission: 'nav.attributes',
    item: fieldItemSchema,
    list: {
      summary: 'Booking fields of the current company (list; search on the label)',
      query: fieldListQuerySchema,
      run: fields.listFields,
    },
    create: {
      summary: 'Creates a booking field (visible_if: shown only when another select/multiselect/checkbox field has one of the values)',
      message: 'setup:field.created',
      body: fieldBodySchema,
      run: fields.createField,
    },
    get: { summary: 'One booking field', run: fields.getField },
    update: {
      summary: 'Changes a booking field (no condition on itself or in a circle; must still fit the fields depending on it)',
      message: 'setup:field.saved',
      body: fieldBodySchema,
      run: fields.updateField,
    },
    remove: { summary: 'Deletes a booking field no other field depends on', message: 'setup:field.deleted', run: fields.deleteField },
  });

  app.get(
    '/api/courses/:id/fields',
    {
      preValidation: requirePermission('nav.courses'),
      schema: {
        tags,
        summary: "Booking fields of an activity: its type set's, then its own extra ones",
        params,
        response: { 200: dataReply(activityFieldsSchema) },
      },
    },
    async (request) => ({ data: await fields.getActivityFields(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/api/courses/:id/fields',
    {
      preValidation: requirePermission('course.edit'),
      schema: {
        tags,
        summary: "Replaces the activity's extra booking fields (the company's, not already in the type set), in order",
        params,
        body: activityFieldsBodySchema,
        response: { 200: successDataReply(activityFieldsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('setup:field.activity_saved'),
      data: await fields.saveActivityFields(db, currentTeam(request).id, request.params.id, request.body, request.lang),
    }),
  );
}
