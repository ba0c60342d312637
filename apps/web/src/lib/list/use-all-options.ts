import { listMetaSchema } from '@bookla/shared/replies';
import { MAX_PER_PAGE } from '@bookla/shared/pagination';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { api, type QueryParams } from '../api-client';

/** A safety stop against a server that never reports a last page (100 000 records at 100 a page). */
const MAX_PAGES = 1000;

/** A page of a list endpoint; a short, unpaged list (no `meta`) is everything at once. */
const pageSchema = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item), meta: listMetaSchema.optional() });

/**
 * Every record of a list endpoint, page by page until `meta.last_page`: select options must
 * never be cut at one page.
 */
export async function fetchAllPages<T>(
  path: string,
  options: { item?: z.ZodType<T>; signal?: AbortSignal; query?: QueryParams } = {},
): Promise<T[]> {
  const reply = pageSchema(options.item ?? z.unknown());
  const items: T[] = [];
  for (let page = 1; page <= MAX_PAGES; page++) {
    const { data, meta } = await api.get(path, { signal: options.signal, query: { ...options.query, page, perPage: MAX_PER_PAGE }, reply });
    items.push(...(data as T[]));
    if (!meta || page >= meta.last_page) break;
  }
  return items;
}

export interface AllOptionsArgs<T> {
  /** From the feature's key factory, so the feature's changes refresh the options. */
  queryKey: QueryKey;
  path: string;
  /** The shared schema of one record (types the options and checks them in tests). */
  item?: z.ZodType<T>;
  query?: QueryParams;
  enabled?: boolean;
}

/** The options of a select or picker: all records of a list endpoint (see `fetchAllPages`). */
export function useAllOptions<T>({ queryKey, path, item, query, enabled = true }: AllOptionsArgs<T>) {
  return useQuery({
    queryKey,
    queryFn: ({ signal }) => fetchAllPages<T>(path, { item, signal, query }),
    enabled,
  });
}
