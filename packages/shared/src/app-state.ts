import { z } from 'zod';
import { DATE_FORMAT_PREFERENCES, LANGUAGES } from './i18n.ts';
import { PERMISSIONS, ROLES } from './permissions.ts';
import { teamFeaturesSchema, teamSchema, teamSettingsSchema } from './teams.ts';

/** The logged-in user as the app state carries it. */
export const appUserSchema = z.object({
  id: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  salutation: z.string(),
  language: z.enum(LANGUAGES),
  two_factor_enabled: z.boolean(),
  /** English dates: the profile's choice (`auto`: the current team's billing country decides). */
  date_format: z.enum(DATE_FORMAT_PREFERENCES),
});
export type AppUser = z.infer<typeof appUserSchema>;

/**
 * The app-wide state the SPA starts with (spec §3): preloaded into index.html (`#app-state`) and
 * answered by `GET /api/srl/state`. The optional part is there only for a logged-in user: the
 * current company with the role there, the companies, features, additional settings and the
 * granted permissions (so the sidebar renders at once; element-level checks still ask the server).
 */
export const appStateSchema = z.object({
  authenticated: z.boolean(),
  user: appUserSchema.nullable(),
  language: z.enum(LANGUAGES),
  appName: z.string(),
  role: z.enum(ROLES).nullable().optional(),
  team: teamSchema.nullable().optional(),
  teams: z.array(teamSchema).optional(),
  features: teamFeaturesSchema.nullable().optional(),
  team_settings: teamSettingsSchema.nullable().optional(),
  permissions: z.array(z.enum(PERMISSIONS)).optional(),
  /** The current company requires two-factor authentication and the user has not set it up. */
  two_factor_required: z.boolean().optional(),
});
export type AppState = z.infer<typeof appStateSchema>;

/** `GET /api/health` (liveness): the process runs. It asks nothing else, so it answers while the database is down. */
export const healthReplySchema = z.object({ status: z.literal('ok') });
export type HealthReply = z.infer<typeof healthReplySchema>;

/**
 * `GET /api/ready` (CONTRACT §7, for a load balancer's health check): 200 with `status: "ok"` only
 * when the database answers, its migrations are all applied and the jobs runner is alive; else
 * 503 with `status: "unavailable"`, a `message` and the failing check. Redis is reported, never
 * decisive: down, rate limits count per instance (`degraded`, still 200). `redis` is absent
 * when no REDIS_URL is set.
 */
export const readyChecksSchema = z.object({
  database: z.enum(['ok', 'down']),
  /** `unknown` while the database does not answer. */
  migrations: z.enum(['ok', 'pending', 'unknown']),
  jobs: z.enum(['ok', 'stopped']),
  redis: z.enum(['ok', 'degraded']).optional(),
});
export type ReadyChecks = z.infer<typeof readyChecksSchema>;
export const readyReplySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  message: z.string().optional(),
  checks: readyChecksSchema,
});
export type ReadyReply = z.infer<typeof readyReplySchema>;
