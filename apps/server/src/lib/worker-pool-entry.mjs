// A worker-pool thread's entry (see worker-pool.ts): a worker thread does not inherit the
// server's `--import tsx`, so the TypeScript loader is registered here before the module loads.
// The module exports `handle(input)` → `{ output, transfer? }`; a throw answers `ok: false`.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const mod = await import(workerData.module);
parentPort.on('message', async ({ id, input }) => {
  try {
    const { output, transfer } = await mod.handle(input);
    parentPort.postMessage({ id, ok: true, output }, transfer ?? []);
  } catch (err) {
    parentPort.postMessage({ id, ok: false, message: String(err?.message ?? err) });
  }
});
parentPort.postMessage({ ready: true });
