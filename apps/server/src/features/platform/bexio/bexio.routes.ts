import {
  minorToDecimal,
  PLATFORM_TIME_ZONE,
  platformInvoiceSchema,
  platformSyncAllResultSchema,
  type PlatformInvoice,
} from '@bookla/shared';
import { toZonedIso } from '@bookla/shared/zoned-time';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { platformInvoices, teams } from '../../../db/schema/index.ts';
import { notFound } from '../../../lib/app-error.ts';
import { dataReply, idParam } from '../../../lib/http.ts';
import { requirePermission } from '../../../plugins/auth.ts';
import { platformNow } from '../invoices/index.ts';
import { requeueFailed, syncInvoiceNow, type BexioDeps } from './bexio-sync.ts';

/** One platform invoice as the staff list shows it (platformInvoiceSchema; the same as features/platform/invoices answers). */
export async function platformInvoiceRow(db: Db, id: number): Promise<PlatformInvoice> {
  const [row] = await db
    .select({ inv: platformInvoices, teamName: teams.name })
    .from(platformInvoices)
    .innerJoin(teams, eq(teams.id, platformInvoices.teamId))
    .where(eq(platformInvoices.id, id));
  if (!row) throw notFound();
  const { inv } = row;
  return {
    id: inv.id,
    team: { id: inv.teamId, name: row.teamName },
    month: inv.month,
    number: inv.number,
    total: minorToDecimal(inv.totalMinor, inv.currency),
    currency: inv.currency,
    status: inv.status,
    bexio_status: inv.bexioStatus,
    ...(inv.bexioId !== null ? { bexio_id: inv.bexioId } : {}),
    ...(inv.bexioError !== null ? { bexio_error: inv.bexioError } : {}),
    created_at: toZonedIso(inv.createdAt, PLATFORM_TIME_ZONE),
    pdf_url: `/api/platform/invoices/${inv.id}/pdf`,
  };
}

/**
 * bexio for internal staff (CONTRACT §6): push one platform invoice now, or queue every failed one
 * again. `internal.staff` only; an API token is refused by the default deny of plugins/token-routes.ts.
 */
export async function bexioRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // The platform billing's clock: the invoices' due moments come from it (invoices/clock.ts).
  const deps: BexioDeps = { db: app.deps.db, config: app.deps.config, log: app.log, now: platformNow };
  const tags = ['platform'];
  const preValidation = requirePermission('internal.staff');

  app.post(
    '/api/platform/invoices/:id/sync',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Pushes this platform invoice to bexio now (the team as a contact, then the invoice; neither twice) and answers it with the outcome: `synced` with bexio’s id, or `failed` with bexio’s message and a retry planned. A synced invoice is left as it is. 409 when BEXIO_API_TOKEN is not set or a push of this invoice is running',
        params: z.object({ id: idParam }),
        response: { 200: dataReply(platformInvoiceSchema) },
      },
    },
    async (request) => {
      await syncInvoiceNow(deps, request.params.id);
      return { data: await platformInvoiceRow(deps.db, request.params.id) };
    },
  );

  app.post(
    '/api/platform/invoices/sync-failed',
    {
      preValidation,
      schema: {
        tags,
        summary:
          'Queues every platform invoice whose push to bexio failed again, due now (the background sync pushes them). 409 when BEXIO_API_TOKEN is not set',
        response: { 200: platformSyncAllResultSchema },
      },
    },
    async () => ({ queued: await requeueFailed(deps) }),
  );
}
