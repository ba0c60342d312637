import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/build-test-app.ts';
import { companyBody, owner, teamRow, uid } from '../../test/factories.ts';

/**
 * Company forms answer every field error in one 422 (issue 9, item 5): the shape check's and
 * the server's own (name taken, country, currency, time zone, VAT ID) together.
 */
let t: TestApp;
let app: FastifyInstance;
beforeAll(async () => {
  t = await buildTestApp();
  app = t.app;
});
afterAll(() => t.close());

describe('company validation in one round', () => {
  it('creating a company: shape errors, a taken name and a wrong VAT ID in one 422', async () => {
    const a = await owner(app);
    const res = await a.client.post(
      '/api/team?language=en',
      companyBody(a.team.name.toUpperCase(), {
        phone_number: '',
        languages: ['de', 'it'],
        vat_id: 'CHE-123.456.789',
        time_zone: 'Mars/Base',
      }),
    );
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      phone_number: ['This field is required.'],
      'languages.1': ['This value is not allowed.'],
      name: ['A company with this name already exists.'],
      time_zone: ['Please choose a valid time zone.'],
      vat_id: ['This VAT number is not valid (check digit).'],
    });
  });

  it('company settings: general and billing report the shape errors and the server checks together', async () => {
    const a = await owner(app);
    const taken = await owner(app, { teamName: `Taken ${uid()}` });
    const general = await a.client.request('PUT', '/api/team/general?language=en', {
      name: taken.team.name,
      phone_prefix: '+412345',
      phone_number: '31 123 45 67',
      currency: 'XYZ',
      languages: ['de'],
      time_zone: 'Europe/Zurich',
    });
    expect(general.statusCode).toBe(422);
    expect(general.json().errors).toEqual({
      phone_prefix: ['May not be longer than 5 characters.'],
      name: ['A company with this name already exists.'],
      currency: ['Please choose a valid currency.'],
    });

    const billing = await a.client.request('PUT', '/api/team/billing?language=en', {
      billing_address: '',
      billing_city: 'Berlin',
      billing_postal_code: '1011',
      billing_country: 'DE',
      vat_id: 'DE136695977',
    });
    expect(billing.statusCode).toBe(422);
    expect(billing.json().errors).toEqual({
      billing_address: ['This field is required.'],
      billing_postal_code: ['Must be at least 5 characters.'],
      vat_id: ['This VAT number is not valid (check digit).'],
    });
    // Nothing was saved.
    expect((await teamRow(app, a.team.id)).name).toBe(a.team.name);
  });
});
