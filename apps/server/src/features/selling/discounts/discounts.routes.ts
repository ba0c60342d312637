import { discountBodySchema, discountListQuerySchema, discountSchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, idParam, listReply, successDataReply, successReply, toList } from '../../../lib/http.ts';
import { currentTeam, requirePermission } from '../../../plugins/auth.ts';
import * as discounts from './discounts.service.ts';

/**
 * Discount codes in the back office (CONTRACT §4, `nav.discounts`): list, create, read, change,
 * delete. Replies carry the value as entered (percent 10.5 or an amount in the team's currency),
 * the uses counted and the revenue of the paid orders that used the code.
 */
export async function discountsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['discounts'];
  const preValidation = requirePermission('nav.discounts');
  const params = z.object({ id: idParam });
  const saved = successDataReply(discountSchema);

  app.get(
    '/api/discounts',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Discount codes of the current company (list; columnFilters code, name, active; newest first)',
        querystring: discountListQuerySchema,
        response: { 200: listReply(discountSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await discounts.listDiscounts(db, currentTeam(request), q);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.post(
    '/api/discounts',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Creates a discount code (percent or fixed amount; code unique per company, case-insensitive)',
        body: discountBodySchema,
        response: { 200: saved },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('discounts:discount.created'),
      data: await discounts.createDiscount(db, currentTeam(request), request.body),
    }),
  );

  app.get(
    '/api/discounts/:id',
    {
      preValidation,
      schema: { tags, summary: 'One discount code with its uses and revenue', params, response: { 200: dataReply(discountSchema) } },
    },
    async (request) => ({ data: await discounts.getDiscount(db, currentTeam(request), request.params.id) }),
  );

  app.put(
    '/api/discounts/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Changes a discount code; optional keys left out keep their value; max_uses not below the uses counted',
        params,
        body: discountBodySchema,
        response: { 200: saved },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('discounts:discount.saved'),
      data: await discounts.updateDiscount(db, currentTeam(request), request.params.id, request.body),
    }),
  );

  app.delete(
    '/api/discounts/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'Deletes an unused discount code; a used one answers 409 (deactivate it instead)',
        params,
        response: { 200: successReply },
      },
    },
    async (request) => {
      await discounts.deleteDiscount(db, currentTeam(request).id, request.params.id);
      return { success: true as const, message: request.t('discounts:discount.deleted') };
    },
  );
}
