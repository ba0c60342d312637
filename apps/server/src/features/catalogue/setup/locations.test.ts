import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { owner, staff } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const body = (extra: Record<string, unknown> = {}) => ({
  name: { de: 'Turnhalle Nord', en: 'North gym' },
  address: 'Sportweg 3',
  postal_code: '8050',
  city: 'Zürich',
  country: 'ch',
  directions: { de: 'Eingang hinten' },
  latitude: 47.41,
  longitude: 8.55,
  ...extra,
});

describe('locations', () => {
  it('are created, read, listed, changed and deleted', async () => {
    const a = await owner(t.app);
    const created = await a.client.post('/api/course/locations?language=en', body());
    expect(created.statusCode, created.body).toBe(200);
    const loc = created.json().data;
    expect(loc).toMatchObject({
      name_text: 'North gym',
      country: 'CH',
      latitude: 47.41,
      longitude: 8.55,
      directions: { de: 'Eingang hinten' },
    });
    expect((await a.client.get(`/api/course/locations/${loc.id}`)).json().data.city).toBe('Zürich');
    await a.client.post(
      '/api/course/locations',
      body({ name: { de: 'Seebad', en: 'Lido' }, city: 'Bern', latitude: null, longitude: null }),
    );
    const list = (await a.client.get('/api/course/locations?columnFilters[city]=bern')).json();
    expect(list.meta.total).toBe(1);
    expect(list.data[0]).toMatchObject({ name_text: 'Seebad', latitude: null });
    expect((await a.client.get('/api/course/locations?columnFilters[name]=nord')).json().meta.total).toBe(1);
    expect((await a.client.get('/api/course/locations?sort[field]=bogus&page=x')).statusCode).toBe(200);
    const put = await a.client.request('PUT', `/api/course/locations/${loc.id}`, body({ city: 'Winterthur' }));
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.city).toBe('Winterthur');
    expect((await a.client.request('DELETE', `/api/course/locations/${loc.id}`)).statusCode).toBe(200);
    expect((await a.client.get(`/api/course/locations/${loc.id}`)).statusCode).toBe(404);
  });

  it('validate names per team language, country and coordinates', async () => {
    const a = await owner(t.app);
    const res = await a.client.post('/api/course/locations?language=en', body({ name: { de: 'Nur Deutsch' }, country: 'XX' }));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors).sort()).toEqual(['country', 'name.en']);
    const coords = await a.client.post('/api/course/locations', body({ latitude: 91, longitude: -181, postal_code: '' }));
    expect(coords.statusCode).toBe(422);
    expect(Object.keys(coords.json().errors).sort()).toEqual(['latitude', 'longitude', 'postal_code']);
  });

  it('of another team are not found; instructors may not manage them', async () => {
    const a = await owner(t.app);
    const b = await owner(t.app);
    const loc = (await a.client.post('/api/course/locations', body())).json().data;
    expect((await b.client.get(`/api/course/locations/${loc.id}`)).statusCode).toBe(404);
    expect((await b.client.request('PUT', `/api/course/locations/${loc.id}`, body())).statusCode).toBe(404);
    expect((await b.client.request('DELETE', `/api/course/locations/${loc.id}`)).statusCode).toBe(404);
    expect((await b.client.get('/api/course/locations')).json().meta.total).toBe(0);
    expect((await a.client.get(`/api/course/locations/${loc.id}`)).statusCode).toBe(200);
    const i = await staff(t.app, a.team, 'instructor');
    expect((await i.client.get('/api/course/locations')).statusCode).toBe(403);
  });
});
