import type { RunningServer, SeedName, ServerKind } from './types.ts';

/**
 * Child-process entry: starts one server and tells the parent its URL over IPC. The server runs
 * in its own process (own core, own event loop) so the load generator does not share its CPU.
 * Messages to the parent: {type:'created', dir | database} | {type:'ready', url, info} | {type:'failed', error}.
 * From the parent: {type:'close'}. A lost parent (disconnect) closes the server too.
 */
const kind = process.argv[2] as ServerKind;
const seed = process.argv[3] as SeedName | undefined;
const send = (msg: unknown) => process.send?.(msg);

async function start(): Promise<RunningServer> {
  if (kind === 'hello') return (await import('./hello-server.ts')).startHelloServer();
  if (kind === 'app') {
    const { startAppServer } = await import('./app-server.ts');
    return startAppServer({ seed, onCreated: (resource) => send({ type: 'created', ...resource }) });
  }
  throw new Error(`unknown server kind: ${kind}`);
}

let server: RunningServer | undefined;
let closing = false;
async function shutdown(code: number) {
  if (closing) return;
  closing = true;
  try {
    await server?.close();
  } catch (err) {
    console.error('closing the server failed:', err);
    code = code || 1;
  }
  process.exit(code);
}

process.on('message', (msg: { type?: string }) => {
  if (msg?.type === 'close') void shutdown(0);
});
process.on('disconnect', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
process.on('SIGINT', () => void shutdown(0));

try {
  server = await start();
  send({ type: 'ready', url: server.url, info: server.info, vars: server.vars });
} catch (err) {
  send({ type: 'failed', error: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  await shutdown(1);
}
