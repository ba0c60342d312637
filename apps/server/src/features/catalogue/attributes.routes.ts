import {
  activityAttributeItemSchema,
  activityAttributesBodySchema,
  attributeBodySchema,
  attributeItemSchema,
  attributeListQuerySchema,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, idParam, successDataReply, successReply } from '../teams/http.ts';
import * as attributes from './attributes.service.ts';
import { listReply, toList } from './list.ts';

/** Attributes (`/backend/course/attributes`) and an activity's attribute values. */
export async function attributesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue setup'];
  const manage = requirePermission('nav.attributes');
  const params = z.object({ id: idParam });

  app.get(
    '/api/course/attributes',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Attributes of the current company (list; search on the label)',
        querystring: attributeListQuerySchema,
        response: { 200: listReply(attributeItemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await attributes.listAttributes(db, currentTeam(request).id, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.post(
    '/api/course/attributes',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Creates an attribute (options for select types; missing option values are made from the label)',
        body: attributeBodySchema,
        response: { 200: successDataReply(attributeItemSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('setup:attribute.created'),
      data: await attributes.createAttribute(db, currentTeam(request), request.body, request.lang),
    }),
  );

  app.get(
    '/api/course/attributes/:id',
    { preValidation: manage, schema: { tags, summary: 'One attribute', params, response: { 200: dataReply(attributeItemSchema) } } },
    async (request) => ({ data: await attributes.getAttribute(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/api/course/attributes/:id',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Changes an attribute (its type is fixed while activities hold values; removed options leave those activities)',
        params,
        body: attributeBodySchema,
        response: { 200: successDataReply(attributeItemSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('setup:attribute.saved'),
      data: await attributes.updateAttribute(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );

  app.delete(
    '/api/course/attributes/:id',
    {
      preValidation: manage,
      schema: { tags, summary: 'Deletes an attribute, its place in type sets and its values', params, response: { 200: successReply } },
    },
    async (request) => {
      await attributes.deleteAttribute(db, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('setup:attribute.deleted') };
    },
  );

  app.get(
    '/api/courses/:id/attributes',
    {
      preValidation: requirePermission('nav.courses'),
      schema: {
        tags,
        summary: "The attributes of the activity's type set with their definitions and the activity's values",
        params,
        response: { 200: dataReply(z.array(activityAttributeItemSchema)) },
      },
    },
    async (request) => ({ data: await attributes.getActivityAttributes(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/api/courses/:id/attributes',
    {
      preValidation: requirePermission('course.edit'),
      schema: {
        tags,
        summary: "Replaces the activity's attribute values (checked by type; empty clears; required ones need a value)",
        params,
        body: activityAttributesBodySchema,
        response: { 200: successDataReply(z.array(activityAttributeItemSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('setup:attribute.values_saved'),
      data: await attributes.saveActivityAttributes(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );
}
