import { afterEach, describe, expect, it } from 'vitest';
import { listQuerySchema, normalizeListQuery } from './pagination.ts';

/** Names added to Object.prototype by a test: caught by the assertions, then removed again. */
const CLEAN = new Set(Object.getOwnPropertyNames(Object.prototype));
const added = () => Object.getOwnPropertyNames(Object.prototype).filter((n) => !CLEAN.has(n));
afterEach(() => {
  for (const name of added()) delete (Object.prototype as unknown as Record<string, unknown>)[name];
});

const schema = listQuerySchema(['created_at', 'name'], 'created_at');

describe('normalizeListQuery', () => {
  it('nests bracket keys and fills the missing list keys with null', () => {
    const q = normalizeListQuery({
      'sort[field]': 'name',
      'sort[type]': 'asc',
      'columnFilters[name]': 'Yoga',
      'ids[]': ['1', '2'],
      page: '2',
    });
    expect({ ...q, sort: { ...(q.sort as object) }, columnFilters: { ...(q.columnFilters as object) } }).toEqual({
      page: '2',
      perPage: null,
      sort: { field: 'name', type: 'asc' },
      columnFilters: { name: 'Yoga' },
      ids: ['1', '2'],
    });
  });

  it.each([
    ['__proto__[status]', 'published'],
    ['__proto__[signed]', '1'],
    ['constructor[prototype]', 'x'],
    ['prototype[status]', 'x'],
    ['columnFilters[__proto__]', 'x'],
    ['columnFilters[constructor]', 'x'],
    ['sort[__proto__]', 'x'],
    ['sort[prototype]', 'x'],
    ['__proto__[]', 'x'],
    ['__proto__', 'x'],
    ['constructor', 'x'],
  ])('drops %s at every level and writes no prototype', (key, value) => {
    const q = normalizeListQuery({ [key]: value });
    expect(added()).toEqual([]);
    expect(({} as Record<string, unknown>).status).toBeUndefined();
    expect(({} as Record<string, unknown>).signed).toBeUndefined();
    expect(Object.getPrototypeOf(q)).toBeNull();
    expect(Object.keys(q).sort()).toEqual(['columnFilters', 'page', 'perPage', 'sort']);
    for (const nested of [q.sort, q.columnFilters]) if (nested) expect(Object.keys(nested)).toEqual([]);
  });

  it('builds null-prototype objects, so inherited names are no list keys', () => {
    const q = normalizeListQuery({ 'toString[x]': '1', 'sort[field]': 'name' });
    expect(Object.getPrototypeOf(q)).toBeNull();
    expect(Object.getPrototypeOf(q.sort)).toBeNull();
    expect(Object.getPrototypeOf(q.toString)).toBeNull();
  });
});

describe('listQuerySchema with prototype keys', () => {
  it('falls back to defaults and keeps only safe own filters', () => {
    const parsed = schema.parse({
      '__proto__[status]': 'published',
      'constructor[prototype]': 'x',
      'columnFilters[constructor]': 'x',
      'columnFilters[__proto__]': 'x',
      'columnFilters[name]': 'Yoga',
      'sort[__proto__]': 'x',
    });
    expect(added()).toEqual([]);
    expect(parsed.sort).toEqual({ field: 'created_at', type: 'desc' });
    expect({ ...parsed.columnFilters }).toEqual({ name: 'Yoga' });
    expect(Object.getPrototypeOf(parsed.columnFilters)).toBeNull();
  });

  it('reads sort and filters only as own members of already nested objects', () => {
    const sort = Object.create({ field: 'name', type: 'asc' }) as object;
    const columnFilters = JSON.parse('{"__proto__":"x","constructor":"y","city":"Bern"}') as object;
    const parsed = schema.parse({ sort, columnFilters });
    expect(parsed.sort).toEqual({ field: 'created_at', type: 'desc' });
    expect({ ...parsed.columnFilters }).toEqual({ city: 'Bern' });
  });
});
