import { exportBodySchema, exportJobSchema } from '@bookla/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, fileReply, idParam } from '../../../lib/http.ts';
import { currentTeam, requireTeam } from '../../../plugins/auth.ts';
import type { ExportViewer } from './export-sources.ts';
import { downloadExport, getExportJob, requestExport } from './exports.service.ts';

/**
 * Exports (CSV, XLSX) of orders (`nav.orders`), participants (`nav.customers.participant`,
 * instructors: their activities) and additional sales (`nav.orders`): small ones in the reply,
 * large ones as a job with progress and a download for the same user in the same company.
 */

/** `attachment; filename="…"; filename*=UTF-8''…`: a plain ASCII name for old clients, the real one for the rest. */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

function fileHeaders(reply: FastifyReply, fileName: string, contentType: string) {
  return reply
    .header('content-disposition', attachment(fileName))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff')
    .type(contentType);
}

export async function exportsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = { db: app.deps.db, config: app.deps.config };
  const tags = ['exports'];
  const params = z.object({ id: idParam });
  const viewer = (request: FastifyRequest): ExportViewer => {
    const team = currentTeam(request);
    return { teamId: team.id, userId: request.auth!.user.id, role: team.role, timeZone: team.timeZone, currency: team.currency };
  };

  app.post(
    '/api/exports',
    {
      preValidation: requireTeam,
      schema: {
        tags,
        summary:
          'Exports orders, participants or additional sales with the list’s filters as CSV or XLSX: up to 2,000 rows the file itself (200), more: 202 with a job to poll',
        body: exportBodySchema,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'application/json'],
        response: { 200: fileReply, 202: dataReply(exportJobSchema) },
      },
    },
    async (request, reply) => {
      const result = await requestExport(deps, viewer(request), request.body, request.lang);
      if (result.kind === 'job') return reply.code(202).send({ data: result.job });
      return fileHeaders(reply, result.file.fileName, result.file.contentType).send(result.file.content);
    },
  );

  app.get(
    '/api/exports/:id',
    {
      preValidation: requireTeam,
      schema: {
        tags,
        summary: 'An export job: status, progress (rows done / total), the download link when done; someone else’s: 404',
        params,
        response: { 200: dataReply(exportJobSchema) },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return { data: await getExportJob(deps, viewer(request), request.params.id) };
    },
  );

  app.get(
    '/api/exports/:id/download',
    {
      preValidation: requireTeam,
      schema: {
        tags,
        summary: 'The file of a finished export job (its creator only, for 24 hours); before, after or for anyone else: 404',
        params,
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { 200: fileReply },
      },
    },
    async (request, reply) => {
      const file = await downloadExport(deps, viewer(request), request.params.id);
      return fileHeaders(reply, file.fileName, file.contentType).header('content-length', file.size).send(file.stream);
    },
  );
}
