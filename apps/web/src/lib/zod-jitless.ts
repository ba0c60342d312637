/**
 * zod compiles object validators with `new Function` when it may, and finds out by calling
 * `Function('')` as its first object schema is built. The CSP (no 'unsafe-eval') refuses that and
 * Chrome reports it as a violation on every page with a form. zod reads its global config from
 * `globalThis.__zod_globalConfig`; set before zod loads (the entry imports this first), it never
 * tries. zod-jitless.test.ts checks that zod still reads it there.
 */
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };

export {};
