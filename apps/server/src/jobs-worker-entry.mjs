// The jobs thread's entry (see jobs-thread.ts): a worker thread does not inherit the server's
// `--import tsx`, so the TypeScript loader is registered here before the thread's code loads.
import { register } from 'tsx/esm/api';

register();
await import('./jobs-worker.ts');
