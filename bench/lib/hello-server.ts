import Fastify from 'fastify';
import type { RunningServer } from './types.ts';

/**
 * The baseline: bare Fastify answering {"hello":"world"} at GET /, no plugins, no logger.
 * It shows what this machine and Node can do in the same run, so ratios travel between
 * machines where absolute numbers do not.
 */
export async function startHelloServer(): Promise<RunningServer> {
  const app = Fastify({ logger: false });
  app.get('/', async () => ({ hello: 'world' }));
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { url, info: { server: `fastify ${app.version}` }, close: () => app.close() };
}
