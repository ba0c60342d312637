import type { AttributeItem, TypeSetDetail } from '@bookla/shared/catalogue-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeField } from '../../../test/catalogue-fixtures';
import { json } from '../../../test/fake-fetch';
import { confirmDialog, listOf, pick, renderSetup, requests, resetScreen } from '../../../test/backoffice';

const courseSet = { id: 5, name: { de: 'Kurs', en: 'Course' }, name_text: 'Course', kind: 'course', sort: 1, activity_count: 7 } as const;
const detail = (overrides: Partial<TypeSetDetail> = {}): TypeSetDetail => ({ ...courseSet, attributes: [], fields: [], ...overrides });
const attribute = (id: number, en: string): AttributeItem => ({
  id,
  type: 'text',
  label: { en },
  label_text: en,
  options: [],
  filterable: false,
  sort: id,
  value_count: 0,
});
const field = (id: number, en: string) => makeField(id, 'text', en, { label: { en }, scope: 'order' });

describe('type sets', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('lists type sets with their counts and creates one in a dialog, then opens it', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, router } = renderSetup('/en/backend/course/type_sets', {
      'GET /api/course/type_sets/list': () => json(listOf([{ ...courseSet, attribute_count: 2, field_count: 1 }])),
      'POST /api/course/type_sets': () =>
        json({ success: true, message: 'The type set has been created.', data: detail({ id: 9, activity_count: 0 }) }),
      'GET /api/course/type_sets/9': () => json({ data: detail({ id: 9, activity_count: 0 }) }),
      'GET /api/course/attributes': () => json(listOf([])),
      'GET /api/course/fields': () => json(listOf([])),
    });
    const row = (await screen.findByRole('link', { name: 'Course' })).closest('tr')!;
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['Course', 'Course', '2', '1', '7', 'EditDelete']);
    await user.click(screen.getByRole('button', { name: 'New type set' }));
    const dialog = (await screen.findAllByRole('dialog', { name: 'New type set' })).at(-1)!;
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Workshop');
    await user.click(within(dialog).getByRole('radio', { name: /English/ }));
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Workshop');
    await pick(user, /^Kind/, 'Event');
    await user.click(within(dialog).getByRole('button', { name: 'Create and continue' }));
    expect(await screen.findByText('The type set has been created.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/course/type_set/9'));
    expect(requests(calls, 'POST', '/api/course/type_sets')[0]?.body).toEqual({ name: { de: 'Workshop', en: 'Workshop' }, kind: 'event' });
  });

  it('assigns attributes (ordered, required) and booking fields, and saves them in order', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/course/type_set/5', {
      'GET /api/course/type_sets/5': () =>
        json({ data: detail({ attributes: [{ attribute_id: 1, required: false, sort: 1 }], fields: [1, 2] }) }),
      'GET /api/course/attributes': () => json(listOf([attribute(1, 'Level'), attribute(2, 'Age group')])),
      'GET /api/course/fields': () => json(listOf([field(1, 'Diet'), field(2, 'Shirt size')])),
      'PUT /api/course/type_sets/5': (call) => {
        const body = call.body as { attributes: { attribute_id: number; required: boolean }[]; fields: number[] };
        const attributes = body.attributes.map((a, i) => ({ ...a, sort: i + 1 }));
        return json({ success: true, message: 'The type set has been saved.', data: detail({ attributes, fields: body.fields }) });
      },
    });
    const attributes = await screen.findByRole('region', { name: 'Attributes' });
    expect(await within(attributes).findByText(/Level/)).toBeInTheDocument();
    await pick(user, 'Add to “Attributes”', 'Age group (Text)');
    await user.click(within(attributes).getByRole('button', { name: 'Add' }));
    await user.click(within(attributes).getByRole('checkbox', { name: 'Age group is required' }));
    await user.click(within(attributes).getByRole('button', { name: 'Move Age group up' }));
    const fields = screen.getByRole('region', { name: 'Booking fields' });
    await user.click(within(fields).getByRole('button', { name: 'Move Shirt size up' }));
    await user.click(within(fields).getByRole('button', { name: 'Remove Diet' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The type set has been saved.')).toBeInTheDocument();
    expect(requests(calls, 'PUT', '/api/course/type_sets/5')[0]?.body).toEqual({
      name: { de: 'Kurs', en: 'Course' },
      kind: 'course',
      attributes: [
        { attribute_id: 2, required: true },
        { attribute_id: 1, required: false },
      ],
      fields: [2],
    });
  }, 15_000);

  it('shows the refusal to delete a type set still in use', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup({ delay: null });
    const { router } = renderSetup('/en/backend/course/type_set/5', {
      'GET /api/course/type_sets/5': () => json({ data: detail() }),
      'GET /api/course/attributes': () => json(listOf([])),
      'GET /api/course/fields': () => json(listOf([])),
      'DELETE /api/course/type_sets/5': () => json({ message: 'This type set is used by 7 activities.' }, 422),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await confirmDialog(user, 'Delete?', 'Delete');
    expect(await screen.findByText('This type set is used by 7 activities.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/backend/course/type_set/5');
  });
});
