import { get, type FieldErrors } from 'react-hook-form';

/**
 * The first message anywhere under `path` (`attributes`, `attributes.2.attribute_id`, …), for
 * lists whose items have no input of their own to show a server's 422 beside.
 */
export function firstError(errors: FieldErrors, path: string): string | undefined {
  const find = (node: unknown): string | undefined => {
    if (!node || typeof node !== 'object') return undefined;
    const message = (node as { message?: unknown }).message;
    if (typeof message === 'string' && message) return message;
    for (const [key, child] of Object.entries(node)) {
      if (key === 'ref' || key === 'message' || key === 'type') continue;
      const found = find(child);
      if (found) return found;
    }
    return undefined;
  };
  return find(get(errors, path));
}
