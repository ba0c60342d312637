import { ErrorCodes } from '@bookla/shared/errors';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { fakeFetch, json } from '../test/fake-fetch';
import { takeShapeErrors } from '../test/reply-check';
import {
  api,
  ApiError,
  apiErrorMessage,
  configureApiClient,
  lazySchemas,
  readXsrfToken,
  ReplyShapeError,
  RequestShapeError,
  toQueryString,
} from './api-client';

const setCookie = (value: string) => {
  document.cookie = `XSRF-TOKEN=${value}; path=/`;
};
const clearCookie = () => {
  document.cookie = 'XSRF-TOKEN=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
};

describe('api client', () => {
  const onUnauthorized = vi.fn();

  beforeEach(() => {
    clearCookie();
    onUnauthorized.mockReset();
    configureApiClient({ getLanguage: () => 'fr', onUnauthorized });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends cookies, JSON headers and the UI language', async () => {
    const { calls } = fakeFetch(() => json([{ value: 'CH' }]));
    const data = await api.get('/api/srl/options/country', { reply: z.array(z.object({ value: z.string() })) });

    expect(data).toEqual([{ value: 'CH' }]);
    expect(calls[0]!.url).toBe('/api/srl/options/country?language=fr');
    expect(calls[0]!.headers).toMatchObject({ accept: 'application/json', 'accept-language': 'fr' });
    expect(calls[0]!.headers['x-xsrf-token']).toBeUndefined();
    expect(vi.mocked(fetch).mock.calls[0]![1]).toMatchObject({ credentials: 'include', method: 'GET' });
  });

  it('can leave the language out and keeps a language given by the caller', async () => {
    const { calls } = fakeFetch(() => json({}));
    await api.get('/api/srl/state', { language: false });
    await api.get('/api/faq', { query: { language: 'de' } });
    expect(calls[0]!.url).toBe('/api/srl/state');
    expect(calls[0]!.headers['accept-language']).toBeUndefined();
    expect(calls[1]!.url).toBe('/api/faq?language=de');
  });

  it('fetches the CSRF cookie before the first write and sends the decoded token', async () => {
    const { calls } = fakeFetch((call) => {
      if (call.url === '/sanctum/csrf-cookie') {
        setCookie('abc%3D%3D'); // the server URL-encodes the cookie value
        return new Response(null, { status: 204 });
      }
      return json({ success: true });
    });

    await api.post('/api/srl/login', { email: 'a@b.ch', password: 'secret123' });

    expect(calls.map((c) => `${c.method} ${c.url.split('?')[0]}`)).toEqual(['GET /sanctum/csrf-cookie', 'POST /api/srl/login']);
    expect(calls[1]!.headers['x-xsrf-token']).toBe('abc==');
    expect(calls[1]!.headers['content-type']).toBe('application/json');
    expect(calls[1]!.body).toEqual({ email: 'a@b.ch', password: 'secret123' });
  });

  it('does not fetch the CSRF cookie when it is already there', async () => {
    setCookie('token1');
    const { calls } = fakeFetch(() => json({ success: true }));
    await api.delete('/api/course/1');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.headers['x-xsrf-token']).toBe('token1');
  });

  it('on 419 refreshes the cookie once and retries', async () => {
    setCookie('old');
    let posts = 0;
    const { calls } = fakeFetch((call) => {
      if (call.url === '/sanctum/csrf-cookie') {
        setCookie('new');
        return new Response(null, { status: 204 });
      }
      posts++;
      return posts === 1 ? json({ message: 'CSRF token mismatch.' }, 419) : json({ success: true });
    });

    await expect(api.post('/api/srl/logout')).resolves.toEqual({ success: true });
    expect(calls.map((c) => c.headers['x-xsrf-token'] ?? 'cookie-call')).toEqual(['old', 'cookie-call', 'new']);
  });

  it('gives up after the one retry', async () => {
    setCookie('t');
    fakeFetch((call) =>
      call.url === '/sanctum/csrf-cookie' ? new Response(null, { status: 204 }) : json({ message: 'CSRF token mismatch.' }, 419),
    );
    await expect(api.post('/api/x')).rejects.toMatchObject({ status: 419, message: 'CSRF token mismatch.' });
  });

  it('throws a typed ApiError with the field errors of a 422', async () => {
    setCookie('t');
    const body = { message: 'The given data was invalid.', errors: { 'user.email': ['Taken.'] } };
    fakeFetch(() => json(body, 422));

    const error = await api.post('/api/srl/register', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 422, message: body.message, errors: body.errors, body });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('calls the registered handler on 401 and still throws', async () => {
    fakeFetch(() => json({ message: 'Unauthenticated.' }, 401));
    await expect(api.get('/api/courses')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('handles empty and non-JSON bodies', async () => {
    fakeFetch((call) =>
      call.url.startsWith('/api/empty') ? new Response(null, { status: 204 }) : new Response('Bad gateway', { status: 502 }),
    );
    await expect(api.get('/api/empty')).resolves.toBeUndefined();
    // No invented text: the caller shows its own translated general message.
    const error = await api.get('/api/broken').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: '', body: 'Bad gateway' });
    expect(apiErrorMessage(error)).toBeUndefined();
  });

  it('offers the message of a 4xx (a field message first) and the code a client branches on', async () => {
    fakeFetch(() => json({ message: 'No company.', code: ErrorCodes.NO_COMPANY }, 409));
    const conflict = await api.get('/api/x').catch((e: unknown) => e);
    expect(apiErrorMessage(conflict)).toBe('No company.');
    expect((conflict as ApiError).code).toBe(ErrorCodes.NO_COMPANY);

    fakeFetch(() => json({ message: 'The given data was invalid.', errors: { name: ['Required.'] } }, 422));
    expect(apiErrorMessage(await api.get('/api/x').catch((e: unknown) => e))).toBe('Required.');

    fakeFetch(() => json({ message: 'Server Error' }, 500));
    expect(apiErrorMessage(await api.get('/api/x').catch((e: unknown) => e))).toBeUndefined();
  });

  it('checks a reply against its shared schema when asked (the dev server)', async () => {
    configureApiClient({ checkReplies: true });
    const reply = z.object({ data: z.object({ id: z.number() }) });
    fakeFetch(() => json({ data: { id: 1 } }));
    await expect(api.get('/api/x', { reply })).resolves.toEqual({ data: { id: 1 } });

    fakeFetch(() => json({ data: { id: '1' } }));
    const error = await api.get('/api/x', { reply }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReplyShapeError);
    expect((error as ReplyShapeError).issues[0]?.path).toEqual(['data', 'id']);
    // The tests' check (src/test/reply-check.ts) hears of it even when a screen catches the error.
    expect(takeShapeErrors()).toEqual([error]);

    configureApiClient({ checkReplies: false });
    await expect(api.get('/api/x', { reply })).resolves.toEqual({ data: { id: '1' } });
    configureApiClient({ checkReplies: true });
  });

  it('types a body from its shared request schema and checks it before sending when asked', async () => {
    setCookie('t');
    const body = z.object({ name: z.string().min(1), seats: z.number().int().default(1) });
    const reply = z.object({ id: z.number() });
    const { calls } = fakeFetch(() => json({ id: 7 }));
    configureApiClient({ checkReplies: true });
    // The schema's input: `seats` has a default, so it may be left out.
    await expect(api.post('/api/things', { name: 'Yoga' }, { body, reply })).resolves.toEqual({ id: 7 });
    expect(calls[0]!.body).toEqual({ name: 'Yoga' });

    // @ts-expect-error a body the schema does not take does not compile
    const refused = await api.put('/api/things/7', { name: 3 }, { body }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RequestShapeError);
    expect((refused as RequestShapeError).issues[0]?.path).toEqual(['name']);
    expect(calls).toHaveLength(1); // never sent

    const empty = await api.patch('/api/things/7', { name: '' }, { body }).catch((e: unknown) => e);
    expect(empty).toBeInstanceOf(RequestShapeError);
    expect(takeShapeErrors()).toEqual([refused, empty]);
  });

  it('loads lazily given schemas only to check with them, typed as the schemas themselves', async () => {
    setCookie('t');
    const loaded: string[] = [];
    const module = {
      thingReply: z.object({ id: z.number() }),
      thingBody: z.object({ name: z.string().min(1) }),
    };
    const schema = lazySchemas(async () => {
      loaded.push('schemas');
      return module;
    });
    const { calls } = fakeFetch(() => json({ id: 7 }));

    configureApiClient({ checkReplies: false });
    const thing: { id: number } = await api.post('/api/things', { name: '' }, { body: schema('thingBody'), reply: schema('thingReply') });
    expect(thing).toEqual({ id: 7 });
    expect(loaded).toEqual([]); // production: neither checked nor loaded

    configureApiClient({ checkReplies: true });
    const refused = await api.post('/api/things', { name: '' }, { body: schema('thingBody') }).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(RequestShapeError);
    expect(calls).toHaveLength(1); // never sent
    fakeFetch(() => json({ id: 'x' }));
    // @ts-expect-error the body is typed by the loaded schema's input
    const wrongBody = api.post('/api/things', { name: 3 }, { body: schema('thingBody') }).catch((e: unknown) => e);
    expect(await wrongBody).toBeInstanceOf(RequestShapeError);
    const wrongReply = await api.get('/api/things/7', { reply: schema('thingReply') }).catch((e: unknown) => e);
    expect(wrongReply).toBeInstanceOf(ReplyShapeError);
    expect(loaded.length).toBeGreaterThan(0);
    expect(takeShapeErrors()).toEqual([refused, await wrongBody, wrongReply]);
  });

  it('sends FormData as it is (uploads)', async () => {
    setCookie('t');
    const { calls } = fakeFetch(() => json({ success: true }));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    await api.post('/api/upload', form);
    expect(calls[0]!.body).toBe(form);
    expect(calls[0]!.headers['content-type']).toBeUndefined();
  });
});

describe('toQueryString', () => {
  it('writes nested objects and arrays in bracket form and skips empty values', () => {
    expect(
      toQueryString({ page: 2, sort: { field: 'id', type: 'desc' }, ids: [1, 2], columnFilters: { name: 'yo ga' }, x: '', y: null }),
    ).toBe('page=2&sort%5Bfield%5D=id&sort%5Btype%5D=desc&ids%5B%5D=1&ids%5B%5D=2&columnFilters%5Bname%5D=yo%20ga');
  });
});

describe('readXsrfToken', () => {
  it('reads and decodes the cookie among others', () => {
    document.cookie = 'other=1; path=/';
    setCookie('a%2Fb');
    expect(readXsrfToken()).toBe('a/b');
  });
});
