import {
  typeSetBodySchema,
  typeSetCreateBodySchema,
  typeSetDetailSchema,
  typeSetListItemSchema,
  typeSetListQuerySchema,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, idParam, successDataReply, successReply } from '../teams/http.ts';
import { listReply, toList } from './list.ts';
import * as typeSets from './type-sets.service.ts';

/** Type sets in the back office (`/backend/course/type_sets`); the select list is in catalogue.routes. */
export async function typeSetsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue setup'];
  const manage = requirePermission('nav.attributes');
  const params = z.object({ id: idParam });

  app.get(
    '/api/course/type_sets/list',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Type sets with their numbers of attributes, fields and activities (list; search on the name)',
        querystring: typeSetListQuerySchema,
        response: { 200: listReply(typeSetListItemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await typeSets.listTypeSets(db, currentTeam(request).id, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.post(
    '/api/course/type_sets',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Creates a type set (name in every company language, kind course or event)',
        body: typeSetCreateBodySchema,
        response: { 200: successDataReply(typeSetDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('setup:type_set.created'),
      data: await typeSets.createTypeSet(db, currentTeam(request), request.body, request.lang),
    }),
  );

  app.get(
    '/api/course/type_sets/:id',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'One type set with its attributes and booking fields, in order',
        params,
        response: { 200: dataReply(typeSetDetailSchema) },
      },
    },
    async (request) => ({ data: await typeSets.getTypeSet(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/api/course/type_sets/:id',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Changes a type set; attributes and fields replace the lists when sent; the kind is fixed while activities use it',
        params,
        body: typeSetBodySchema,
        response: { 200: successDataReply(typeSetDetailSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('setup:type_set.saved'),
      data: await typeSets.updateTypeSet(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );

  app.delete(
    '/api/course/type_sets/:id',
    {
      preValidation: manage,
      schema: { tags, summary: 'Deletes a type set no activity uses (the last one stays)', params, response: { 200: successReply } },
    },
    async (request) => {
      await typeSets.deleteTypeSet(db, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('setup:type_set.deleted') };
    },
  );
}
