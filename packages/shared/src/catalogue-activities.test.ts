import { describe, expect, it } from 'vitest';
import { activityDefaultsBodySchema, activityUpdateBodySchema, activityUpdateSchema } from './catalogue-activities.ts';

describe('course update: the route takes numbers, the form reads what its selects hold', () => {
  const selects = { type_set_id: '3', location_id: '', parent_id: '12', instructor_ids: ['4', '5'] };

  it('the form turns select values into the route body', () => {
    const body = activityUpdateSchema(['de']).parse({ ...selects, name: { de: 'Yoga' } });
    expect(body).toEqual({ type_set_id: 3, location_id: null, parent_id: 12, instructor_ids: [4, 5], name: { de: 'Yoga' } });
    expect(activityUpdateBodySchema.parse(body)).toEqual(body);
  });

  it('the route refuses them, and flags that are not booleans', () => {
    const paths = (value: unknown) =>
      activityUpdateBodySchema
        .safeParse(value)
        .error?.issues.map((i) => i.path.join('.'))
        .sort();
    expect(paths(selects)).toEqual(['instructor_ids.0', 'instructor_ids.1', 'location_id', 'parent_id', 'type_set_id']);
    expect(paths({ waiting_list: 1, capacity: '5' })).toEqual(['capacity', 'waiting_list']);
    expect(activityUpdateBodySchema.safeParse({ colour: 'red' }).success).toBe(false);
  });

  it('course defaults: numbers and a boolean; the tax rate stays a decimal text or number', () => {
    const base = { reservation_minutes: 15, booking_closes_minutes: 0, waiting_list: false, session_minutes: 60 };
    expect(activityDefaultsBodySchema.parse({ ...base, tax_rate: '7,7' })).toMatchObject({ tax_rate: 770, location_id: null });
    expect(activityDefaultsBodySchema.safeParse({ ...base, tax_rate: 8.1, waiting_list: '1' }).success).toBe(false);
  });
});
