import {
  typeSetBodySchema,
  typeSetCreateBodySchema,
  typeSetDetailSchema,
  typeSetListItemSchema,
  typeSetListQuerySchema,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import { crudRoutes } from './crud-routes.ts';
import * as typeSets from './type-sets.service.ts';

/** Type sets in the back office (`/backend/course/type_sets`); the select list is in catalogue.routes. */
export async function typeSetsRoutes(fastify: FastifyInstance) {
  crudRoutes(fastify, {
    path: '/api/course/type_sets',
    tags: ['catalogue setup'],
    permission: 'nav.attributes',
    item: typeSetDetailSchema,
    list: {
      // `GET /api/course/type_sets` is the select list (catalogue.routes).
      path: '/api/course/type_sets/list',
      summary: 'Type sets with their numbers of attributes, fields and activities (list; search on the name)',
      query: typeSetListQuerySchema,
      item: typeSetListItemSchema,
      run: typeSets.listTypeSets,
    },
    create: {
      summary: 'Creates a type set (name in every company language, kind course or event)',
      message: 'setup:type_set.created',
      body: typeSetCreateBodySchema,
      run: typeSets.createTypeSet,
    },
    get: { summary: 'One type set with its attributes and booking fields, in order', run: typeSets.getTypeSet },
    update: {
      summary: 'Changes a type set; attributes and fields replace the lists when sent; the kind is fixed while activities use it',
      message: 'setup:type_set.saved',
      body: typeSetBodySchema,
      run: typeSets.updateTypeSet,
    },
    remove: {
      summary: 'Deletes a type set no activity uses (the last one stays)',
      message: 'setup:type_set.deleted',
      run: typeSets.deleteTypeSet,
    },
  });
}
