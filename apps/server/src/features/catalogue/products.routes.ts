import { activityProductItemSchema, productItemSchema, productListQuerySchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, idParam, successReply } from '../teams/http.ts';
import { listReply, toList } from './list.ts';
import * as products from './products.service.ts';

/** Products (spec: "options") and the products offered with an activity. */
export async function productsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue'];
  const manage = requirePermission('nav.attributes');
  const readCourses = requirePermission('nav.courses');
  const editCourses = requirePermission('course.edit');
  const params = z.object({ id: idParam });
  /** Checked by the service against the team's languages and currency (see productBodySchema). */
  const body = z.record(z.string(), z.unknown());
  const saved = successReply.extend({ data: productItemSchema });

  app.get(
    '/api/course/options',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: 'Products of the current company (list; search, columnFilters[active|scope|name])',
        querystring: productListQuerySchema,
        response: { 200: listReply(productItemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await products.listProducts(db, currentTeam(request).id, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.post(
    '/api/course/options',
    { preValidation: manage, schema: { tags, summary: 'Creates a product', body, response: { 200: saved } } },
    async (request) => ({
      success: true as const,
      message: request.t('tickets:product.created'),
      data: await products.createProduct(db, currentTeam(request), request.body, request.lang),
    }),
  );

  app.get(
    '/api/course/options/:id',
    { preValidation: manage, schema: { tags, summary: 'One product', params, response: { 200: dataReply(productItemSchema) } } },
    async (request) => ({ data: await products.getProduct(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/api/course/options/:id',
    {
      preValidation: manage,
      schema: { tags, summary: 'Changes a product; stock (null = unlimited) never below sold', params, body, response: { 200: saved } },
    },
    async (request) => ({
      success: true as const,
      message: request.t('tickets:product.saved'),
      data: await products.updateProduct(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );

  app.delete(
    '/api/course/options/:id',
    { preValidation: manage, schema: { tags, summary: 'Deletes an unsold product', params, response: { 200: successReply } } },
    async (request) => {
      await products.deleteProduct(db, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('tickets:product.deleted') };
    },
  );

  app.get(
    '/api/courses/:id/products',
    {
      preValidation: readCourses,
      schema: {
        tags,
        summary: 'Products offered with an activity (ticket_ids empty: with every ticket)',
        params,
        response: { 200: dataReply(z.array(activityProductItemSchema)) },
      },
    },
    async (request) => ({ data: await products.listActivityProducts(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/api/courses/:id/products',
    {
      preValidation: editCourses,
      schema: {
        tags,
        summary: 'Replaces the products offered with an activity: {items: [{product_id, ticket_ids}]}',
        params,
        body,
        response: { 200: successReply.extend({ data: z.array(activityProductItemSchema) }) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('tickets:product.assigned'),
      data: await products.replaceActivityProducts(db, currentTeam(request).id, request.params.id, request.body, request.lang),
    }),
  );
}
