import {
  dashboardChecklistBodySchema,
  dashboardChecklistSchema,
  dashboardStatisticsSchema,
  salesStatisticsQuerySchema,
  salesStatisticsSchema,
  statisticsExportQuerySchema,
  statisticsReportQuerySchema,
  statisticsReportSchema,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { dataReply, fileReply, successDataReply } from '../../../lib/http.ts';
import { currentTeam, requirePermission } from '../../../plugins/auth.ts';
import * as checklist from './checklist.service.ts';
import { statisticsCsv } from './statistics-csv.ts';
import { createStatisticsRollup } from './statistics-rollup.ts';
import * as statistics from './statistics.service.ts';

/**
 * Statistics of the current company: the dashboard's figures, sales chart and introduction
 * checklist (`dashboard.stats`, spec §6: not for instructors) and the statistics page with its CSV
 * export (`nav.statistics`). The two calls of spec §7 reply unwrapped, as CONTRACT §3 shows them.
 * The rollup (statistics-rollup.ts) belongs to this app instance.
 */
export async function statisticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db, rollup: createStatisticsRollup() };
  const tags = ['statistics'];
  const dashboard = requirePermission('dashboard.stats');
  const page = requirePermission('nav.statistics');
  const noStore = { 'cache-control': 'private, no-store' };

  app.get(
    '/api/statistics/dashboard',
    {
      preValidation: dashboard,
      schema: {
        tags,
        summary: 'Dashboard figures: courses, participants and products of paid/free orders, total sales (team currency, after refunds)',
        response: { 200: dashboardStatisticsSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return statistics.dashboardStatistics(deps, currentTeam(request));
    },
  );

  app.get(
    '/api/statistics/sales',
    {
      preValidation: dashboard,
      schema: {
        tags,
        summary:
          'Sales chart: sales_all (booked), sales (paid, after refunds), order_count per day in the team time zone; from/to YYYY-MM-DD (default: this month), at most 366 days',
        querystring: salesStatisticsQuerySchema,
        response: { 200: salesStatisticsSchema },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return statistics.salesStatistics(deps, currentTeam(request), request.query);
    },
  );

  app.get(
    '/api/statistics/report',
    {
      preValidation: page,
      schema: {
        tags,
        summary:
          'Statistics page: totals and series (interval day/week/month) with orders, participants, products, sales, refunds, discounts, platform fees; per activity, ticket, payment type, discount code',
        querystring: statisticsReportQuerySchema,
        response: { 200: dataReply(statisticsReportSchema) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { data: await statistics.statisticsReport(deps, currentTeam(request), request.query, request.lang) };
    },
  );

  app.get(
    '/api/statistics/export',
    {
      preValidation: page,
      schema: {
        tags,
        summary: 'One table of the statistics page as CSV (table: series, activities, tickets, payment_types, discounts)',
        querystring: statisticsExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: fileReply },
      },
    },
    async (request, reply) => {
      const { table, ...query } = request.query;
      const report = await statistics.statisticsReport(deps, currentTeam(request), query, request.lang);
      const file = statisticsCsv(report, table, request.lang);
      return reply
        .headers(noStore)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .type('text/csv; charset=utf-8')
        .send(file.body);
    },
  );

  app.get(
    '/api/dashboard/checklist',
    {
      preValidation: dashboard,
      schema: {
        tags,
        summary: 'The introduction checklist: its steps ticked from the company data, whether it was dismissed, the shop link',
        response: { 200: dataReply(dashboardChecklistSchema) },
      },
    },
    async (request) => ({ data: await checklist.getChecklist(app.deps, currentTeam(request), request.lang) }),
  );

  app.put(
    '/api/dashboard/checklist',
    {
      preValidation: dashboard,
      schema: {
        tags,
        summary: 'Dismisses the introduction checklist (completed: true) or shows it again (false): the team’s checklist_completed',
        body: dashboardChecklistBodySchema,
        response: { 200: successDataReply(dashboardChecklistSchema) },
      },
    },
    async (request) => {
      const team = currentTeam(request);
      await checklist.setChecklistCompleted(app.deps.db, team.id, request.body.completed);
      return {
        success: true as const,
        message: request.t(request.body.completed ? 'statistics:checklist.dismissed' : 'statistics:checklist.restored'),
        data: await checklist.getChecklist(app.deps, team, request.lang),
      };
    },
  );
}
