import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/client.ts';
import { sessions, teamMembers, teams, users } from '../db/schema/index.ts';
import { preparedName } from '../lib/sql.ts';

/**
 * Cookie sessions stored in PostgreSQL (CONTRACT §2, Sanctum SPA style).
 * - The cookie holds a 256-bit random token (signed with SESSION_SECRET); the table keeps its hash.
 * - Limits: 3 h of inactivity, 12 h absolute.
 * - Login rotates the id (`rotateSession`), logout destroys the row (`destroySession`).
 * - The CSRF token lives in the row; the XSRF-TOKEN cookie mirrors it for the SPA to echo back.
 * - Rows are created lazily: an anonymous visitor (GET /sanctum/csrf-cookie) gets the signed cookie
 *   and an XSRF token derived from it, but no row until something is written to the session
 *   (login, pending 2FA, …), so anonymous traffic cannot fill the table.
 */
export const SESSION_COOKIE = 'bookla_session';
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const INACTIVITY_MS = 3 * 3600_000;
export const ABSOLUTE_MS = 12 * 3600_000;
/** last_seen_at is written at most this often, so reads stay reads. */
const TOUCH_MS = 60_000;

export interface SessionState {
  id: string;
  userId: number | null;
  teamId: number | null;
  csrfToken: string;
  data: Record<string, unknown>;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** False for an anonymous session that has no row yet (nothing written to it so far). */
  persisted?: boolean;
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
const newToken = () => randomBytes(32).toString('base64url');
/**
 * The CSRF token of a session: a PRF keyed by the (secret, HttpOnly) session token, so it needs no
 * row, is bound to this session, and reveals nothing about the session token.
 */
const csrfFor = (token: string) => createHmac('sha256', token).update('bookla:xsrf:v1').digest('base64url');

/** A session that exists only in its cookie: anonymous, nothing stored yet. */
function virtualSession(token: string): SessionState {
  const now = new Date();
  return {
    id: hashToken(token),
    userId: null,
    teamId: null,
    csrfToken: csrfFor(token),
    data: {},
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + ABSOLUTE_MS),
    persisted: false,
  };
}
/** Rows deleted per statement when purging, so one purge never holds a huge lock or result. */
const PURGE_BATCH = 5000;

export function safeEqual(a: string, b: string): boolean {
  const ab = Buffer.from(a);
  const bb = Buffer.from(b);
  return ab.length === bb.length && timingSafeEqual(ab, bb);
}

function isExpired(s: { lastSeenAt: Date; expiresAt: Date }, now = Date.now()): boolean {
  return s.expiresAt.getTime() <= now || s.lastSeenAt.getTime() + INACTIVITY_MS <= now;
}

/** The session's user, with the team the session (or else the user) is in and the role there. */
export interface SessionPrincipal {
  user: typeof users.$inferSelect;
  team: typeof teams.$inferSelect | null;
  role: (typeof teamMembers.$inferSelect)['role'] | null;
}

/**
 * Session row, user, current team and membership in one prepared statement: every authenticated
 * request starts with it, so it is built once and the database plans it once per connection.
 * The team is the session's, else the user's current one; without a membership there, no team.
 */
function prepareSessionLookup(db: Db) {
  return db
    .select({ session: sessions, user: users, team: teams, role: teamMembers.role })
    .from(sessions)
    .leftJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      teamMembers,
      and(eq(teamMembers.userId, users.id), eq(teamMembers.teamId, sql`coalesce(${sessions.teamId}, ${users.currentTeamId})`)),
    )
    .leftJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare(preparedName('session_lookup'));
}

type SessionLookup = ReturnType<typeof prepareSessionLookup>;

/** What the session hook found, for the auth hook (no second round trip for the user and team). */
const principals = new WeakMap<FastifyRequest, SessionPrincipal | null>();

/**
 * The principal loaded with the request's session: `undefined` when it was not loaded (no session
 * cookie, or a session created later in the request), `null` when the session's user is gone.
 */
export function sessionPrincipal(request: FastifyRequest): SessionPrincipal | null | undefined {
  return principals.get(request);
}

async function loadSession(db: Db, lookup: SessionLookup, token: string, request: FastifyRequest): Promise<SessionState | null> {
  const id = hashToken(token);
  const [found] = await lookup.execute({ id });
  if (!found) return null;
  const row = found.session;
  if (isExpired(row)) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (Date.now() - row.lastSeenAt.getTime() > TOUCH_MS) {
    row.lastSeenAt = new Date();
    await db.update(sessions).set({ lastSeenAt: row.lastSeenAt }).where(eq(sessions.id, id));
  }
  if (row.userId !== null) {
    const user = found.user && found.user.id === row.userId ? found.user : null;
    principals.set(request, user ? { user, team: found.role ? found.team : null, role: found.role } : null);
  }
  return { ...row, persisted: true };
}

export interface SessionApi {
  /**
   * Reads the request's session from its cookie into `request.session` (nothing without one, or
   * with an API token). Called for every request by the auth plugin's hook, right before it reads
   * who the session's user is: one hook for both (plugins/request-basics.ts says why).
   */
  load(request: FastifyRequest): Promise<void>;
  /**
   * Returns the current session, starting an anonymous one (cookies only, no row) when there is
   * none; (re)sets the XSRF-TOKEN cookie either way.
   */
  ensure(request: FastifyRequest, reply: FastifyReply): Promise<SessionState>;
  /** New id (and CSRF token) for a login: the old id stops working at once. */
  rotate(request: FastifyRequest, reply: FastifyReply, values: { userId: number | null; teamId?: number | null }): Promise<SessionState>;
  /** Logout: removes the row and clears the cookies. */
  destroy(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Updates team or data of the current session; stores an anonymous session's row on its first write. */
  update(request: FastifyRequest, values: Partial<Pick<SessionState, 'teamId' | 'data'>>): Promise<void>;
  /** Ends every session of a user, optionally keeping one (password change, "log out elsewhere"). */
  destroyUserSessions(userId: number, exceptId?: string): Promise<void>;
  /** Deletes expired rows in batches; run periodically. */
  purgeExpired(): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: SessionApi;
  }
}

export const sessionPlugin = fp(async (app: FastifyInstance) => {
  const { db, config } = app.deps;
  const lookup = prepareSessionLookup(db);
  const cookieOpts = { path: '/', sameSite: 'lax' as const, secure: config.secure };

  function setCookies(reply: FastifyReply, token: string, csrf: string) {
    reply.setCookie(SESSION_COOKIE, token, { ...cookieOpts, httpOnly: true, signed: true, maxAge: ABSOLUTE_MS / 1000 });
    reply.setCookie(XSRF_COOKIE, csrf, { ...cookieOpts, httpOnly: false, maxAge: ABSOLUTE_MS / 1000 });
  }

  async function insertRow(request: FastifyRequest, row: SessionState) {
    const { persisted: _, ...values } = row;
    // Two parallel first writes of one anonymous session both insert: the later one wins, as with update.
    await db
      .insert(sessions)
      .values({ ...values, ip: request.ip, userAgent: request.headers['user-agent']?.slice(0, 500) ?? null })
      .onConflictDoUpdate({ target: sessions.id, set: { teamId: values.teamId, data: values.data } });
    row.persisted = true;
  }

  async function create(
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number | null,
    teamId: number | null,
    data: Record<string, unknown>,
  ) {
    const token = newToken();
    const row: SessionState = { ...virtualSession(token), userId, teamId, data };
    await insertRow(request, row);
    setCookies(reply, token, row.csrfToken);
    request.session = row;
    return row;
  }

  const api: SessionApi = {
    async load(request) {
      if (request.apiToken) return; // a call with an API token never acts as (nor touches) a session
      const raw = request.cookies[SESSION_COOKIE];
      if (!raw) return;
      const unsigned = request.unsignCookie(raw);
      if (!unsigned.valid || !unsigned.value) return;
      // No row (anonymous, or ended): the cookie still names an anonymous session without a row.
      request.session = (await loadSession(db, lookup, unsigned.value, request)) ?? virtualSession(unsigned.value);
    },
    async ensure(request, reply) {
      const current = request.session;
      if (current) {
        reply.setCookie(XSRF_COOKIE, current.csrfToken, { ...cookieOpts, httpOnly: false, maxAge: ABSOLUTE_MS / 1000 });
        return current;
      }
      const token = newToken();
      const session = virtualSession(token);
      setCookies(reply, token, session.csrfToken);
      request.session = session;
      return session;
    },
    async rotate(request, reply, values) {
      const old = request.session;
      if (old?.persisted) await db.delete(sessions).where(eq(sessions.id, old.id));
      return create(request, reply, values.userId, values.teamId ?? null, old?.data ?? {});
    },
    async destroy(request, reply) {
      if (request.session?.persisted) await db.delete(sessions).where(eq(sessions.id, request.session.id));
      request.session = null;
      reply.clearCookie(SESSION_COOKIE, cookieOpts);
      reply.clearCookie(XSRF_COOKIE, cookieOpts);
    },
    async update(request, values) {
      const s = request.session;
      if (!s) return;
      if (!s.persisted) {
        Object.assign(s, values);
        await insertRow(request, s);
        return;
      }
      await db.update(sessions).set(values).where(eq(sessions.id, s.id));
      Object.assign(s, values);
    },
    async destroyUserSessions(userId, exceptId) {
      await db.delete(sessions).where(exceptId ? and(eq(sessions.userId, userId), ne(sessions.id, exceptId)) : eq(sessions.userId, userId));
    },
    async purgeExpired() {
      const now = new Date();
      const expired = or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - INACTIVITY_MS)));
      let total = 0;
      for (;;) {
        const batch = db.select({ id: sessions.id }).from(sessions).where(expired).limit(PURGE_BATCH);
        const gone = await db.delete(sessions).where(inArray(sessions.id, batch)).returning({ id: sessions.id });
        total += gone.length;
        if (gone.length < PURGE_BATCH) return total;
      }
    },
  };
  app.decorate('sessions', api);
  app.decorateRequest('session', null);
});
