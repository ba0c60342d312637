import { activityProductItemSchema, productItemSchema, productListQuerySchema, safeRecordSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../plugins/auth.ts';
import { dataReply, idParam, successReply } from '../teams/http.ts';
import { crudRoutes } from './crud-routes.ts';
import * as products from './products.service.ts';

/** Products (spec: "options") and the products offered with an activity. */
export async function productsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue'];
  const readCourses = requirePermission('nav.courses');
  const editCourses = requirePermission('course.edit');
  const params = z.object({ id: idParam });
  /** Checked by the service against the team's languages and currency (see productBodySchema). */
  const body = safeRecordSchema(z.unknown());

  crudRoutes(fastify, {
    path: '/api/course/options',
    tags,
    permission: 'nav.attributes',
    item: productItemSchema,
    list: {
      summary: 'Products of the current company (list; search, columnFilters[active|scope|name])',
      query: productListQuerySchema,
      run: products.listProducts,
    },
    create: { summary: 'Creates a product', message: 'tickets:product.created', body, run: products.createProduct },
    get: { summary: 'One product', run: products.getProduct },
    update: {
      summary: 'Changes a product; stock (null = unlimited) never below sold',
      message: 'tickets:product.saved',
      body,
      run: products.updateProduct,
    },
    remove: { summary: 'Deletes an unsold product', message: 'tickets:product.deleted', run: products.deleteProduct },
  });

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
