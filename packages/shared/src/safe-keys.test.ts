import { afterEach, describe, expect, it } from 'vitest';
import { fromEntriesSafe, isSafeKey, ownValue, safeRecord, safeRecordSchema } from './safe-keys.ts';
import { installValidationMessages } from './validation.ts';
import { z } from 'zod';

installValidationMessages();

const CLEAN = new Set(Object.getOwnPropertyNames(Object.prototype));
const added = () => Object.getOwnPropertyNames(Object.prototype).filter((n) => !CLEAN.has(n));
afterEach(() => {
  for (const name of added()) delete (Object.prototype as unknown as Record<string, unknown>)[name];
});

describe('safe keys', () => {
  it('refuses __proto__, constructor and prototype only', () => {
    expect(['__proto__', 'constructor', 'prototype'].map(isSafeKey)).toEqual([false, false, false]);
    expect(['name', 'toString', '1', '__proto', 'Constructor'].map(isSafeKey)).toEqual([true, true, true, true, true]);
  });

  it('safeRecord has no prototype to write through', () => {
    const r = safeRecord<unknown>();
    r['__proto__'] = { status: 'published' };
    expect(added()).toEqual([]);
    expect(Object.getPrototypeOf(r)).toBeNull();
  });

  it('fromEntriesSafe drops unsafe keys', () => {
    const r = fromEntriesSafe([
      ['__proto__', 1],
      ['constructor', 2],
      ['prototype', 3],
      ['de', 4],
    ]);
    expect({ ...r }).toEqual({ de: 4 });
    expect(Object.getPrototypeOf(r)).toBeNull();
  });

  it('ownValue ignores inherited members', () => {
    expect(ownValue(Object.create({ a: 1 }), 'a')).toBeUndefined();
    expect(ownValue({ a: 1 }, 'a')).toBe(1);
    expect(ownValue({}, 'toString')).toBeUndefined();
    expect(ownValue(null, 'a')).toBeUndefined();
  });
});

describe('safeRecordSchema', () => {
  const schema = safeRecordSchema(z.string());

  it('refuses a "__proto__" or "constructor" key as parsed from JSON, without touching prototypes', () => {
    for (const json of ['{"de":"a","__proto__":{"status":"x"}}', '{"de":"a","constructor":"x"}', '{"prototype":"x"}']) {
      const result = schema.safeParse(JSON.parse(json));
      expect(result.success, json).toBe(false);
      expect(result.error!.issues[0]!.message).toMatch(/^unrecognized_keys\|/);
    }
    expect(added()).toEqual([]);
  });

  it('passes ordinary keys through into a null-prototype record', () => {
    const result = schema.parse({ de: 'a', en: 'b' });
    expect({ ...result }).toEqual({ de: 'a', en: 'b' });
    expect(Object.getPrototypeOf(result)).toBeNull();
  });
});
