import { activityFieldsBodySchema, activityFieldsSchema, fieldBodySchema, fieldItemSchema, fieldListQuerySchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, idParam, successDataReply, successReply } from '../teams/http.ts';
import * as fields from './fields.service.ts';
import { listReply, toList } from './list.ts';

/** Booking fields (`/backend/course/fields`) with conditional visibility, and an activity's extra fields. */
export async function fieldsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue setup'];
  const manage = requirePermission('nav.attributes');
  const params = z.object({ id: idParam });

  app.get(
    '/api/course/fields',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Booking fields of the current company (list; search on the label)',
        querystring: fieldListQuerySchema,
        response: { 200: listReply(fieldItemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await fields.listFields(db, currentTeam(request).id, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.post(
    '/api/course/fields',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Creates a booking field (visible_if: shown only when another select/multiselect/checkbox field has one of the values)',
        body: fieldBodySchema,
        response: { 200: successDataReply(fieldItemSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('setup:field.created'),
      data: await fields.createField(db, currentTeam(request), request.body, request.lang),
    }),
  );

  app.get(
    '/api/course/fields/:id',
    { preValidation: manage, schema: { tags, summary: 'One booking field', params, response: { 200: dataReply(fieldItemSchema) } } },
    async (request) => ({ data: await fields.getField(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/api/course/fields/:id',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Changes a booking field (no condition on itself or in a circle; must still fit the fields depending on it)',
        params,
        body: fieldBodySchema,
        response: { 200: successDataReply(fieldItemSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('setup:field.saved'),
      data: await fields.updateField(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );

  app.delete(
    '/api/course/fields/:id',
    {
      preValidation: manage,
      schema: { tags, summary: 'Deletes a booking field no other field depends on', params, response: { 200: successReply } },
    },
    async (request) => {
      await fields.deleteField(db, currentTeam(request).id, request.params.id, request.lang);
      return { success: true as const, message: request.t('setup:field.deleted') };
    },
  );

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
