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
import { dataReply, idParam, successDataReply } from '../teams/http.ts';
import * as attributes from './attributes.service.ts';
import { crudRoutes } from './crud-routes.ts';

/** Attributes (`/backend/course/attributes`) and an activity's attribute values. */
export async function attributesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue setup'];
  const params = z.object({ id: idParam });

  crudRoutes(fastify, {
    path: '/api/course/attributes',
    tags,
    permission: 'nav.attributes',
    item: attributeItemSchema,
    list: {
      summary: 'Attributes of the current company (list; search on the label)',
      query: attributeListQuerySchema,
      run: attributes.listAttributes,
    },
    create: {
      summary: 'Creates an attribute (options for select types; missing option values are made from the label)',
      message: 'setup:attribute.created',
      body: attributeBodySchema,
      run: attributes.createAttribute,
    },
    get: { summary: 'One attribute', run: attributes.getAttribute },
    update: {
      summary: 'Changes an attribute (its type is fixed while activities hold values; removed options leave those activities)',
      message: 'setup:attribute.saved',
      body: attributeBodySchema,
      run: attributes.updateAttribute,
    },
    remove: {
      summary: 'Deletes an attribute, its place in type sets and its values',
      message: 'setup:attribute.deleted',
      run: attributes.deleteAttribute,
    },
  });

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
