import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { owner } from '../../../test/factories.ts';

/** docs/decisions/010-translations.md: which translatable texts are required, which are filled. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const location = (extra: Record<string, unknown> = {}) => ({
  name: { de: 'Turnhalle Nord', en: 'North gym' },
  address: 'Sportweg 3',
  postal_code: '8050',
  city: 'Zürich',
  country: 'ch',
  ...extra,
});

describe('translatable texts (team languages de, en)', () => {
  it('a name is required in every team language', async () => {
    const a = await owner(t.app);
    const res = await a.client.post('/api/course/locations?language=en', location({ name: { de: 'Turnhalle Nord' } }));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ 'name.en': ['This field is required.'] });
  });

  it('optional texts given in one language are filled into the others on save (location directions, field help)', async () => {
    const a = await owner(t.app);
    const loc = await a.client.post('/api/course/locations?language=en', location({ directions: { de: 'Eingang hinten' } }));
    expect(loc.statusCode, loc.body).toBe(200);
    expect(loc.json().data.directions).toEqual({ de: 'Eingang hinten', en: 'Eingang hinten' });

    const field = await a.client.post('/api/course/fields?language=en', {
      type: 'text',
      label: { de: 'Allergien', en: 'Allergies' },
      help: { en: 'Only if relevant' },
      scope: 'participant',
    });
    expect(field.statusCode, field.body).toBe(200);
    expect(field.json().data.help).toEqual({ de: 'Only if relevant', en: 'Only if relevant' });

    // Left empty everywhere, an optional text stays empty.
    const none = await a.client.post(
      '/api/course/locations?language=en',
      location({ name: { de: 'Seebad', en: 'Lido' }, directions: { de: '', en: ' ' } }),
    );
    expect(none.json().data.directions).toEqual({});
  });
});
