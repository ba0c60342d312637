import {
  activityAttributeItemSchema,
  activityAttributesBodySchema,
  activityFieldsBodySchema,
  activityFieldsSchema,
  activityProductItemSchema,
  attributeBodySchema,
  attributeItemSchema,
  attributeListQuerySchema,
  activityDefaultsBodySchema,
  activityDefaultsSchema,
  fieldBodySchema,
  fieldItemSchema,
  fieldListQuerySchema,
  holidayBodySchema,
  holidayItemSchema,
  holidayListQuerySchema,
  locationBodySchema,
  locationItemSchema,
  locationListQuerySchema,
  activityProductsBodySchema,
  productInputSchema,
  productItemSchema,
  productListQuerySchema,
  typeSetBodySchema,
  typeSetCreateBodySchema,
  typeSetDetailSchema,
  typeSetItemSchema,
  typeSetListItemSchema,
  typeSetListQuerySchema,
} from '@bookla/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { currentTeam, requirePermission } from '../../../plugins/auth.ts';
import { dataReply, idParam, successDataReply } from '../../../lib/http.ts';
import { crudRoutes } from '../../../lib/crud-routes.ts';
import * as places from './locations.service.ts';
import * as typeSets from './type-sets.service.ts';
import * as attributes from './attributes.service.ts';
import * as fields from './fields.service.ts';
import * as products from './products.service.ts';
import * as defaults from './defaults.service.ts';
import * as holidays from './holidays.service.ts';

/**
 * Every route of the catalogue setup: the lists a team configures once and activities pick
 * from (type sets, attributes, booking fields, products, locations, course defaults, holidays),
 * and an activity's own picks from them (its attribute values, extra fields, products).
 */
export async function setupRoutes(app: FastifyInstance) {
  await app.register(locationRoutes);
  await app.register(typeSetsRoutes);
  await app.register(attributesRoutes);
  await app.register(fieldsRoutes);
  await app.register(productsRoutes);
  await app.register(defaultsRoutes);
  await app.register(holidaysRoutes);
}

/** The type set select and locations. */
async function locationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue'];
  const courses = requirePermission('nav.courses');

  app.get(
    '/api/course/type_sets',
    {
      preValidation: courses,
      schema: {
        tags,
        summary: 'Type sets of the current company (for the select; every team has the defaults from its creation)',
        response: { 200: dataReply(z.array(typeSetItemSchema)) },
      },
    },
    async (request) => ({ data: await typeSets.typeSetOptions(db, currentTeam(request).id, request.lang) }),
  );

  crudRoutes(fastify, {
    path: '/api/course/locations',
    tags,
    permission: 'nav.locations',
    item: locationItemSchema,
    list: { summary: 'Locations of the current company (list)', query: locationListQuerySchema, run: places.listLocations },
    create: { summary: 'Creates a location', message: 'catalogue:location.created', body: locationBodySchema, run: places.createLocation },
    get: { summary: 'One location', run: places.getLocation },
    update: { summary: 'Changes a location', message: 'catalogue:location.saved', body: locationBodySchema, run: places.updateLocation },
    remove: {
      summary: 'Deletes a location (activities there keep no location)',
      message: 'catalogue:location.deleted',
      run: places.deleteLocation,
    },
  });
}

/** Type sets in the back office (`/backend/course/type_sets`); the select list is in catalogue.routes. */
async function typeSetsRoutes(fastify: FastifyInstance) {
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

/** Attributes (`/backend/course/attributes`) and an activity's attribute values. */
async function attributesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue setup'];
  const params = z.object({ id: idParam });

  crudRoutes(fastify, {
    path: '/api/course/attributes',
    tags,
    permission: 'nav.attributes',
    item: attributeItemSchema,
    list: {
      summary: 'Attributes of the current company (list; search on the label)',
      query: attributeListQuerySchema,
      run: attributes.listAttributes,
    },
    create: {
      summary: 'Creates an attribute (options for select types; missing option values are made from the label)',
      message: 'setup:attribute.created',
      body: attributeBodySchema,
      run: attributes.createAttribute,
    },
    get: { summary: 'One attribute', run: attributes.getAttribute },
    update: {
      summary: 'Changes an attribute (its type is fixed while activities hold values; removed options leave those activities)',
      message: 'setup:attribute.saved',
      body: attributeBodySchema,
      run: attributes.updateAttribute,
    },
    remove: {
      summary: 'Deletes an attribute, its place in type sets and its values',
      message: 'setup:attribute.deleted',
      run: attributes.deleteAttribute,
    },
  });

  app.get(
    '/api/courses/:id/attributes',
    {
      preValidation: requirePermission('nav.courses'),
      schema: {
        tags,
        summary: "The attributes of the activity's type set with their definitions and the activity's values",
        params,
        response: { 200: dataReply(z.array(activityAttributeItemSchema)) },
      },
    },
    async (request) => ({ data: await attributes.getActivityAttributes(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/api/courses/:id/attributes',
    {
      preValidation: requirePermission('course.edit'),
      schema: {
        tags,
        summary: "Replaces the activity's attribute values (checked by type; empty clears; required ones need a value)",
        params,
        body: activityAttributesBodySchema,
        response: { 200: successDataReply(z.array(activityAttributeItemSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('setup:attribute.values_saved'),
      data: await attributes.saveActivityAttributes(db, currentTeam(request), request.params.id, request.body, request.lang),
    }),
  );
}

/** Booking fields (`/backend/course/fields`) with conditional visibility, and an activity's extra fields. */
async function fieldsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue setup'];
  const params = z.object({ id: idParam });

  crudRoutes(fastify, {
    path: '/api/course/fields',
    tags,
    permission: 'nav.attributes',
    item: fieldItemSchema,
    list: {
      summary: 'Booking fields of the current company (list; search on the label)',
      query: fieldListQuerySchema,
      run: fields.listFields,
    },
    create: {
      summary: 'Creates a booking field (visible_if: shown only when another select/multiselect/checkbox field has one of the values)',
      message: 'setup:field.created',
      body: fieldBodySchema,
      run: fields.createField,
    },
    get: { summary: 'One booking field', run: fields.getField },
    update: {
      summary: 'Changes a booking field (no condition on itself or in a circle; must still fit the fields depending on it)',
      message: 'setup:field.saved',
      body: fieldBodySchema,
      run: fields.updateField,
    },
    remove: { summary: 'Deletes a booking field no other field depends on', message: 'setup:field.deleted', run: fields.deleteField },
  });

  app.get(
    '/api/courses/:id/fields',
    {
      preValidation: requirePermission('nav.courses'),
      schema: {
        tags,
        summary: "Booking fields of an activity: its type set's, then its own extra ones",
        params,
        response: { 200: dataReply(activityFieldsSchema) },
      },
    },
    async (request) => ({ data: await fields.getActivityFields(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/api/courses/:id/fields',
    {
      preValidation: requirePermission('course.edit'),
      schema: {
        tags,
        summary: "Replaces the activity's extra booking fields (the company's, not already in the type set), in order",
        params,
        body: activityFieldsBodySchema,
        response: { 200: successDataReply(activityFieldsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('setup:field.activity_saved'),
      data: await fields.saveActivityFields(db, currentTeam(request).id, request.params.id, request.body, request.lang),
    }),
  );
}

/** Products (spec: "options") and the products offered with an activity. */
async function productsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue'];
  const readActivities = requirePermission('nav.courses');
  const editActivities = requirePermission('course.edit');
  const params = z.object({ id: idParam });
  /** The static shape; the service checks it against the team's languages and currency (productSchema). */
  const body = productInputSchema;

  crudRoutes(fastify, {
    path: '/api/course/options',
    tags,
    permission: 'nav.attributes',
    item: productItemSchema,
    list: {
      summary: 'Products of the current company (list; search, columnFilters[active|scope|name])',
      query: productListQuerySchema,
      run: products.listProducts,
    },
    create: { summary: 'Creates a product', message: 'tickets:product.created', body, run: products.createProduct },
    get: { summary: 'One product', run: products.getProduct },
    update: {
      summary: 'Changes a product; stock (null = unlimited) never below sold',
      message: 'tickets:product.saved',
      body,
      run: products.updateProduct,
    },
    remove: { summary: 'Deletes an unsold product', message: 'tickets:product.deleted', run: products.deleteProduct },
  });

  app.get(
    '/api/courses/:id/products',
    {
      preValidation: readActivities,
      schema: {
        tags,
        summary: 'Products offered with an activity (ticket_ids empty: with every ticket)',
        params,
        response: { 200: dataReply(z.array(activityProductItemSchema)) },
      },
    },
    async (request) => ({ data: await products.listActivityProducts(db, currentTeam(request).id, request.params.id, request.lang) }),
  );

  app.put(
    '/api/courses/:id/products',
    {
      preValidation: editActivities,
      schema: {
        tags,
        summary: 'Replaces the products offered with an activity: {items: [{product_id, ticket_ids}]}',
        params,
        body: activityProductsBodySchema,
        response: { 200: successDataReply(z.array(activityProductItemSchema)) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('tickets:product.assigned'),
      data: await products.replaceActivityProducts(db, currentTeam(request).id, request.params.id, request.body, request.lang),
    }),
  );
}

/** Course defaults of the company (`/backend/config/course/defaults`), applied to new activities. */
async function defaultsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.deps;
  const tags = ['catalogue'];
  const config = requirePermission('nav.config');

  app.get(
    '/api/config/course/defaults',
    {
      preValidation: config,
      schema: { tags, summary: 'Course defaults of the company', response: { 200: dataReply(activityDefaultsSchema) } },
    },
    async (request) => ({ data: await defaults.getDefaults(db, currentTeam(request).id) }),
  );

  app.put(
    '/api/config/course/defaults',
    {
      preValidation: config,
      schema: {
        tags,
        summary: 'Changes the course defaults (tax rate in percent, up to 2 decimals)',
        body: activityDefaultsBodySchema,
        response: { 200: successDataReply(activityDefaultsSchema) },
      },
    },
    async (request) => ({
      success: true as const,
      message: request.t('activities:defaults.saved'),
      data: await defaults.saveDefaults(db, currentTeam(request), request.body),
    }),
  );
}

/** Holidays of the company (docs/api/catalogue.md "Timetable"). */
async function holidaysRoutes(fastify: FastifyInstance) {
  const tags = ['timetable'];

  // No GET of one holiday (docs/api/catalogue.md lists none): the list carries everything.
  crudRoutes(fastify, {
    path: '/api/config/holidays',
    tags,
    permission: 'nav.config',
    item: holidayItemSchema,
    list: { summary: 'Holidays of the company (list)', query: holidayListQuerySchema, run: holidays.listHolidays },
    create: {
      summary: 'Adds a holiday (name in every company language, inclusive days)',
      message: 'timetable:holiday.created',
      body: holidayBodySchema,
      run: holidays.createHoliday,
    },
    update: { summary: 'Changes a holiday', message: 'timetable:holiday.saved', body: holidayBodySchema, run: holidays.updateHoliday },
    remove: { summary: 'Deletes a holiday', message: 'timetable:holiday.deleted', run: holidays.deleteHoliday },
  });
}
