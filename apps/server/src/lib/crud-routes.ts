import type { Language, Permission } from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../db/client.ts';
import { currentTeam, requirePermission } from '../plugins/auth.ts';
import { dataReply, idParam, listReply, successDataReply, successReply, toList } from './http.ts';

type Team = ReturnType<typeof currentTeam>;

/**
 * One kind of record managed in the back office: its schemas, permission, OpenAPI summaries,
 * reply messages (translation keys) and service functions. The type parameters are the data
 * types: Q the list query, I the record, C and U the create and update bodies, L a list row.
 */
export interface Crud<Q extends { page: number; perPage: number }, I, C, U, L = I> {
  path: string;
  tags: string[];
  permission: Permission;
  /** The record in the replies of create, get and update. */
  item: z.ZodType<I>;
  list: {
    summary: string;
    query: z.ZodType<Q>;
    /** A list at another path than `path`. */
    path?: string;
    /** List rows that are not `item`. */
    item?: z.ZodType<L>;
    run: (db: Db, teamId: number, query: Q, lang: Language) => Promise<{ rows: NoInfer<L>[]; total: number }>;
  };
  create: {
    summary: string;
    message: string;
    body: z.ZodType<C>;
    run: (db: Db, team: Team, body: C, lang: Language) => Promise<NoInfer<I>>;
  };
  /** Absent where one record is not read on its own. */
  get?: { summary: string; run: (db: Db, teamId: number, id: number, lang: Language) => Promise<NoInfer<I>> };
  update: {
    summary: string;
    message: string;
    body: z.ZodType<U>;
    run: (db: Db, team: Team, id: number, body: U, lang: Language) => Promise<NoInfer<I>>;
  };
  remove: { summary: string; message: string; run: (db: Db, teamId: number, id: number, lang: Language) => Promise<void> };
}

const params = z.object({ id: idParam });

/**
 * Fastify has already checked `value` against `schema` (see the route's schema). Its type provider
 * cannot resolve a schema that is a type parameter, so the routes below are registered untyped
 * and the checked values are given their type here.
 */
const checked = <T>(_schema: z.ZodType<T>, value: unknown) => value as T;

/**
 * Registers the five routes of a record behind one permission: `GET path` (CONTRACT §2 list),
 * `POST path` and `PUT path/:id` ({success, message, data}), `GET path/:id` ({data}) and
 * `DELETE path/:id` ({success, message}). Every service call is scoped to the current team.
 */
export function crudRoutes<Q extends { page: number; perPage: number }, I, C, U, L = I>(
  app: FastifyInstance,
  crud: Crud<Q, I, C, U, L>,
): void {
  const { db } = app.deps;
  const { path, tags, list, create, get, update, remove } = crud;
  const preValidation = requirePermission(crud.permission);
  const saved = successDataReply(crud.item);

  app.get(
    list.path ?? path,
    {
      preValidation,
      schema: { tags, summary: list.summary, querystring: list.query, response: { 200: listReply(list.item ?? crud.item) } },
    },
    async (request) => {
      const q = checked(list.query, request.query);
      const { rows, total } = await list.run(db, currentTeam(request).id, q, request.lang);
      return toList(request, rows, total, q.page, q.perPage);
    },
  );

  app.post(
    path,
    { preValidation, schema: { tags, summary: create.summary, body: create.body, response: { 200: saved } } },
    async (request) => ({
      success: true as const,
      message: request.t(create.message),
      data: await create.run(db, currentTeam(request), checked(create.body, request.body), request.lang),
    }),
  );

  if (get) {
    app.get(
      `${path}/:id`,
      { preValidation, schema: { tags, summary: get.summary, params, response: { 200: dataReply(crud.item) } } },
      async (request) => ({ data: await get.run(db, currentTeam(request).id, checked(params, request.params).id, request.lang) }),
    );
  }

  app.put(
    `${path}/:id`,
    { preValidation, schema: { tags, summary: update.summary, params, body: update.body, response: { 200: saved } } },
    async (request) => ({
      success: true as const,
      message: request.t(update.message),
      data: await update.run(
        db,
        currentTeam(request),
        checked(params, request.params).id,
        checked(update.body, request.body),
        request.lang,
      ),
    }),
  );

  app.delete(
    `${path}/:id`,
    { preValidation, schema: { tags, summary: remove.summary, params, response: { 200: successReply } } },
    async (request) => {
      await remove.run(db, currentTeam(request).id, checked(params, request.params).id, request.lang);
      return { success: true as const, message: request.t(remove.message) };
    },
  );
}
