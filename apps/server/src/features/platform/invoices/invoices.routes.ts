import {
  platformInvoiceListQuerySchema,
  platformInvoiceSchema,
  platformStatementResultSchema,
  platformStatementRunSchema,
  platformStatisticsSchema,
  teamPlatformInvoiceListQuerySchema,
  teamPlatformInvoiceSchema,
} from '@bookla/shared';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, fileReply, idParam, listReply, successDataReply, toList } from '../../../lib/http.ts';
import { actingUserId, currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { platformNow, setPlatformClock } from './clock.ts';
import * as invoices from './invoices.service.ts';
import { runStatement, type StatementDeps } from './statement.ts';
import { sweepPlatformStatements } from './sweep.ts';
import { securityHeaders } from '../../../plugins/security.ts';

/**
 * Platform invoices (CONTRACT §6, docs/api/platform.md). Internal staff (`internal.staff`; everybody
 * else and every API token: 403): run a month's statement, list, export, read the PDF, mark paid,
 * the statistics. A team's managers (`team.manage`) read their own invoices under Billing.
 */
export async function platformInvoicesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, pdf, config } = app.deps;
  const deps: StatementDeps = { db, config, log: app.log };
  const staff = requirePermission('internal.staff');
  const manage = requirePermission('team.manage');
  const tags = ['platform'];
  const params = z.object({ id: idParam });
  const noStore = { 'cache-control': 'private, no-store' };

  // A PDF opens in the browser's viewer, as a document: the document set of security headers (decision 036).
  const pdfHeaders = { ...securityHeaders(app.deps.config.secure), ...noStore };
  const sendPdf = (reply: FastifyReply, file: { filename: string; content: Buffer }) =>
    reply
      .headers(pdfHeaders)
      .header('content-disposition', `inline; filename="${file.filename}"`)
      .header('x-content-type-options', 'nosniff')
      .type('application/pdf')
      .send(file.content);

  app.post(
    '/api/platform/statements',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: "Creates the month's missing platform invoices (one per team with something to bill; a month not yet ended: 422)",
        body: platformStatementRunSchema,
        response: { 200: platformStatementResultSchema },
      },
    },
    async (request) => runStatement(deps, request.body.month, platformNow()),
  );

  app.get(
    '/api/platform/invoices',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Platform invoices of every team (list; columnFilters team (name part or id), month, bexio_status, status)',
        querystring: platformInvoiceListQuerySchema,
        response: { 200: listReply(platformInvoiceSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await invoices.listStaffInvoices(db, q);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/platform/invoices/export',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'The platform invoices list (same columnFilters) as a CSV or XLSX file',
        querystring: z.looseObject({ format: z.enum(['csv', 'xlsx']).default('csv') }),
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: fileReply },
      },
    },
    async (request, reply) => {
      const filters = platformInvoiceListQuerySchema.parse(request.query).columnFilters;
      const file = await invoices.exportInvoices(db, filters, request.query.format, request.lang);
      return reply
        .headers(noStore)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('x-content-type-options', 'nosniff')
        .type(file.contentType)
        .send(file.content);
    },
  );

  app.get(
    '/api/platform/invoices/:id/pdf',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'A platform invoice as PDF (in the request’s language)',
        params,
        produces: ['application/pdf'],
        response: { 200: fileReply },
      },
    },
    async (request, reply) => sendPdf(reply, await invoices.invoicePdf({ db, pdf, config }, request.params.id, request.lang)),
  );

  app.post(
    '/api/platform/invoices/:id/paid',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Marks a platform invoice paid (already paid: 409)',
        params,
        response: { 200: successDataReply(platformInvoiceSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('platform:marked_paid'),
      data: await invoices.markInvoicePaid(db, request.params.id, actingUserId(request), platformNow()),
    }),
  );

  app.get(
    '/api/platform/statistics',
    {
      preValidation: staff,
      schema: {
        tags,
        summary: 'Platform fees per month and plan (last 12 months, CHF), monthly fees invoiced, teams per plan today',
        response: { 200: dataReply(platformStatisticsSchema) },
      },
    },
    async (request, reply) => {
      reply.headers(noStore);
      return { data: await invoices.platformStatistics(db, platformNow()) };
    },
  );

  // ─── The team's Billing tab ───────────────────────────────────────────────

  app.get(
    '/api/team/platform-invoices',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: "The current company's platform invoices (list; newest month first)",
        querystring: teamPlatformInvoiceListQuerySchema,
        response: { 200: listReply(teamPlatformInvoiceSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await invoices.listTeamInvoices(db, currentTeam(request).id, q);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/team/platform-invoices/:id/pdf',
    {
      preValidation: manage,
      schema: {
        tags,
        summary: "One of the current company's platform invoices as PDF (another company's: 404)",
        params,
        produces: ['application/pdf'],
        response: { 200: fileReply },
      },
    },
    async (request, reply) =>
      sendPdf(reply, await invoices.invoicePdf({ db, pdf, config }, request.params.id, request.lang, currentTeam(request).id)),
  );

  // End-to-end tests only (TEST_HOOKS=on, never in production): move the billing clock ("next
  // month") and run the monthly sweep at once.
  if (config.testHooks) {
    app.post(
      '/api/test-hooks/platform/clock',
      {
        config: { csrf: false },
        schema: {
          tags: ['test hooks'],
          summary: 'TEST_HOOKS=on only: the platform billing clock reads `at` from now on (null: the system clock)',
          body: z.strictObject({ at: z.iso.datetime({ offset: true }).nullable() }),
          response: { 200: z.object({ now: z.string() }) },
        },
      },
      async (request) => {
        setPlatformClock(request.body.at === null ? null : new Date(request.body.at));
        return { now: platformNow().toISOString() };
      },
    );
    app.post(
      '/api/test-hooks/platform/sweep',
      {
        config: { csrf: false },
        schema: {
          tags: ['test hooks'],
          summary: "TEST_HOOKS=on only: runs the monthly statement sweep now (the platform clock's now)",
          body: z.strictObject({}),
          response: { 200: platformStatementResultSchema.extend({ month: z.string() }) },
        },
      },
      async () => sweepPlatformStatements(deps, platformNow()),
    );
  }
}
