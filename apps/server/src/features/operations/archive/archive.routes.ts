import { emailArchiveDetailSchema, emailArchiveItemSchema, emailArchiveListQuerySchema, emailResendReplySchema } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataReply, listReply, toList } from '../../../lib/http.ts';
import { currentTeam, requirePermission } from '../../../plugins/auth.ts';
import * as archive from './archive.service.ts';

/**
 * The email archive of the back office (`/backend/archive/team`): the current company's mails,
 * one mail with its bodies (neutralised, secrets masked), and sending one again.
 *
 * Permission `nav.orders`: the archive is mostly the customers' order mails (names, addresses,
 * order links) and resending one is order support; spec §6 denies it to instructors, who see no
 * orders either. `nav.config` was the other candidate, but it guards settings, not customer data.
 */
export async function archiveRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const deps = app.deps;
  const { db } = deps;
  const tags = ['email archive'];
  const preValidation = requirePermission('nav.orders');
  // The outbox's ids are bigserial: any safe integer.
  const params = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });

  app.get(
    '/api/archive/emails',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Mails of the current company (list; newest first; sort created_at, id, recipient, subject, status, kind; columnFilters recipient, subject, status, kind, from, to)',
        querystring: emailArchiveListQuerySchema,
        response: { 200: listReply(emailArchiveItemSchema) },
      },
    },
    async (request) => {
      const q = request.query;
      const { rows, total } = await archive.listArchive(db, currentTeam(request), q);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.get(
    '/api/archive/emails/:id',
    {
      preValidation,
      schema: {
        tags,
        summary: 'One mail: state, attempts, last error, attachments, the text and an inert HTML document (links as text, secrets masked)',
        params,
        response: { 200: dataReply(emailArchiveDetailSchema) },
      },
    },
    async (request) => ({
      data: await archive.getArchivedEmail(db, currentTeam(request), request.params.id, (key, p) => request.t(key, p)),
    }),
  );

  app.post(
    '/api/archive/emails/:id/resend',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Queues a new copy of the mail to the same recipient (the original stays); mails with one-time links: 409; 100 per user a day, 5 per mail an hour',
        params,
        response: { 200: emailResendReplySchema },
      },
    },
    async (request) => {
      const copy = await archive.resendEmail(deps, currentTeam(request), request.auth!.user.id, request.params.id);
      request.log.info({ emailId: request.params.id, copyId: copy.id, userId: request.auth!.user.id }, 'archived mail resent');
      return { success: true as const, message: request.t('archive:resend.queued', { recipient: copy.recipient }), data: copy };
    },
  );
}
