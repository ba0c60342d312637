import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../test/fake-fetch';
import { fakeFetch } from '../../test/fake-fetch';
import { fetchAllPages } from './use-all-options';

const page = (n: number, last: number) => ({
  data: [{ id: n * 10 + 1 }, { id: n * 10 + 2 }],
  meta: { current_page: n, last_page: last, per_page: 100, from: 1, to: 2, total: last * 2 },
  links: { first: '', last: '', prev: null, next: null },
});

describe('fetchAllPages', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('pages through until last_page, never stopping at the first page', async () => {
    const { calls } = fakeFetch((call) => json(page(Number(new URL(call.url, 'http://x').searchParams.get('page')), 3)));
    const items = await fetchAllPages<{ id: number }>('/api/course/locations');
    expect(items.map((i) => i.id)).toEqual([11, 12, 21, 22, 31, 32]);
    expect(calls.map((c) => new URL(c.url, 'http://x').searchParams.get('perPage'))).toEqual(['100', '100', '100']);
  });

  it('takes an unpaged reply (no meta) as everything', async () => {
    const { calls } = fakeFetch(() => json({ data: [{ id: 1 }] }));
    expect(await fetchAllPages('/api/course/type_sets')).toEqual([{ id: 1 }]);
    expect(calls).toHaveLength(1);
  });
});
