/** What the app may use of customer accounts: their routes (sessions, bookings, self-service cancellation). */
import type { FastifyInstance } from 'fastify';
import { cancellationRoutes } from './cancellation.routes.ts';
import { customerAccountsRoutes as accountRoutes } from './customer-accounts.routes.ts';
import { memberBookingRoutes } from './member-booking.routes.ts';

export { registerMagicLinkJob } from './magic-link-job.ts';

export async function customerAccountsRoutes(app: FastifyInstance): Promise<void> {
  await app.register(accountRoutes);
  await app.register(cancellationRoutes);
  await app.register(memberBookingRoutes);
}
