import type { FastifyInstance } from 'fastify';

/**
 * The server tests' check of the API description (issue 22 item 18): every reply a test
 * receives has a status its route documents (exactly, or as `4XX`/`5XX`), and a 401 comes only
 * from a route that documents a login. Bodies are checked where they are made: the serializer
 * validates every reply against the route's documented schema for its status (plugins/route-docs.ts).
 * Installed by buildTestApp; `problems()` is read when the app closes, so a test file that
 * called a route in a way its description does not cover fails.
 */
export function watchDocumentedReplies(app: FastifyInstance): { problems(): string[] } {
  const seen = new Set<string>();
  app.addHook('onResponse', async (request, reply) => {
    const schema = request.routeOptions.schema as
      | { hide?: boolean; response?: Record<string, unknown>; security?: Record<string, string[]>[] }
      | undefined;
    if (request.is404 || !schema || schema.hide) return;
    const status = reply.statusCode;
    const documented = Object.keys(schema.response ?? {}).map((k) => k.toUpperCase());
    // Routes a test adds for plumbing (buildTestApp's `extend`) describe no success; every route of
    // the app does (route-docs.test.ts), so those are the only ones left out here.
    if (!documented.some((k) => /^[23]/.test(k))) return;
    const route = `${request.method} ${request.routeOptions.url}`;
    if (!documented.includes(String(status)) && !documented.includes(`${String(status)[0]}XX`) && !documented.includes('DEFAULT'))
      seen.add(`${route} answered ${status}, which its description does not list (${documented.join(', ') || 'none'})`);
    if (status === 401 && !(schema.security ?? []).some((s) => 'session' in s || 'customer' in s))
      seen.add(`${route} answered 401 but documents no login (security)`);
  });
  return { problems: () => [...seen] };
}
