import type { FastifyInstance } from 'fastify';
import { invitationRoutes } from './invitations.routes.ts';
import { logoRoutes } from './logo.routes.ts';
import { permissionRoutes } from './permissions.routes.ts';
import { profileRoutes } from './profile.routes.ts';
import { settingsRoutes } from './settings.routes.ts';
import { staffRoutes } from './staff.routes.ts';
import { teamRoutes } from './team.routes.ts';

/** Teams, switching, company settings, staff, invitations, permissions, profile. */
export async function teamsRoutes(fastify: FastifyInstance) {
  await fastify.register(teamRoutes);
  await fastify.register(settingsRoutes);
  await fastify.register(logoRoutes);
  await fastify.register(staffRoutes);
  await fastify.register(invitationRoutes);
  await fastify.register(permissionRoutes);
  await fastify.register(profileRoutes);
}
