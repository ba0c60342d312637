import { AsyncLocalStorage } from 'node:async_hooks';

/** The API token a request acts with (decision 029), for audit records written deep in services. */
export interface ActingToken {
  id: number;
  name: string;
}

const store = new AsyncLocalStorage<ActingToken>();

/** Runs the rest of a request (a callback-style hook's `done`) as the token. */
export function runAsToken(token: ActingToken, next: () => void): void {
  store.run(token, next);
}

/** The token the current request acts with, if any. */
export function actingToken(): ActingToken | undefined {
  return store.getStore();
}

/**
 * An audit record's data with the acting token named (`api_token: {id, name}`): a token has no
 * user, so its changes are recorded with no user and this instead.
 */
export function withActingToken<T extends Record<string, unknown>>(data: T): T {
  const token = actingToken();
  return token ? { ...data, api_token: { id: token.id, name: token.name } } : data;
}
