import { threadId } from 'node:worker_threads';

/**
 * A worker module for worker-pool.test.ts: echoes, throws, ends its thread, or blocks on a shared
 * gate until the test opens it (so "every worker busy" is a state, not a race).
 */
export type FixtureInput =
  | { op: 'echo'; value: string }
  | { op: 'throw'; value: string }
  | { op: 'exit' }
  | { op: 'wait'; gate: SharedArrayBuffer; value: string };

export async function handle(input: FixtureInput): Promise<{ output: { value: string; threadId: number } }> {
  if (input.op === 'throw') throw new Error(input.value);
  if (input.op === 'exit') process.exit(3);
  if (input.op === 'wait') Atomics.wait(new Int32Array(input.gate), 0, 0);
  return { output: { value: input.value, threadId } };
}
