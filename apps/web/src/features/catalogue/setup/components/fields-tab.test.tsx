import { notifications } from '@mantine/notifications';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../../lib/language';
import { listOf } from '../../../../test/backoffice';
import { json, type FakeCall } from '../../../../test/fake-fetch';
import { fakeApi } from '../../../../test/team-fixtures';
import { FieldsTab } from './fields-tab';
import type { FieldItem } from '@bookla/shared/catalogue-setup';
import { loginOwner, renderTab } from '../../../../test/activity-tabs';

const field = (id: number, label: string, overrides: Partial<FieldItem> = {}): FieldItem => ({
  id,
  type: 'text',
  label: { en: label },
  label_text: label,
  help: {},
  help_text: '',
  options: [],
  scope: 'participant',
  required: false,
  visible_if: null,
  sort: id,
  ...overrides,
});

const diet = field(1, 'Diet', {
  type: 'select',
  required: true,
  options: [
    { value: 'vegan', label: { en: 'Vegan' }, label_text: 'Vegan' },
    { value: 'meat', label: { en: 'Meat' }, label_text: 'Meat' },
  ],
});
const allergies = field(2, 'Allergies', { visible_if: { field_id: 1, values: ['vegan'] }, scope: 'order' });
const shirt = field(3, 'T-shirt size');

describe('fields tab', { timeout: 20_000 }, () => {
  beforeEach(async () => {
    notifications.clean();
    loginOwner();
    await applyLanguage('en');
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows the type set's fields in words and saves the chosen extra fields", async () => {
    const { calls } = fakeApi({
      'GET /api/courses/5/fields': () => json({ data: { type_set: [diet, allergies], extra: [] } }),
      'GET /api/course/fields': () => json(listOf([diet, allergies, shirt])),
      'PUT /api/courses/5/fields': () =>
        json({ success: true, message: 'The fields have been saved.', data: { type_set: [diet, allergies], extra: [shirt] } }),
    });
    renderTab(<FieldsTab activityId={5} canEdit />);
    const typeSet = await screen.findByRole('region', { name: 'Fields of the type set' });
    const dietRow = within(typeSet).getByText('Diet').closest('tr')!;
    expect(within(dietRow).getByText('Select')).toBeInTheDocument();
    expect(within(dietRow).getByText('Per participant')).toBeInTheDocument();
    expect(within(dietRow).getByText('Yes')).toBeInTheDocument();
    expect(within(dietRow).getByText('Always')).toBeInTheDocument();
    const allergiesRow = within(typeSet).getByText('Allergies').closest('tr')!;
    expect(within(allergiesRow).getByText('When “Diet” is Vegan')).toBeInTheDocument();
    expect(within(allergiesRow).getByText('Once per order')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage booking fields' })).toHaveAttribute('href', '/en/backend/course/fields');

    const extra = screen.getByRole('region', { name: 'Extra fields of this activity' });
    expect(within(extra).getByText('No extra fields.')).toBeInTheDocument();
    expect(within(extra).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(within(extra).getByRole('combobox', { name: 'Extra fields' }));
    // Fields of the type set are not offered again.
    expect(screen.queryByRole('option', { name: 'Diet', hidden: true })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('option', { name: 'T-shirt size', hidden: true }));
    await userEvent.click(within(extra).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The fields have been saved.')).toBeInTheDocument();
    const put = calls.find((c: FakeCall) => c.method === 'PUT');
    expect(put?.body).toEqual({ field_ids: [3] });
  });

  it('read-only: lists the extra fields without a choice', async () => {
    fakeApi({
      'GET /api/courses/5/fields': () => json({ data: { type_set: [], extra: [shirt] } }),
      'GET /api/course/fields': () => json(listOf([shirt])),
    });
    renderTab(<FieldsTab activityId={5} canEdit={false} />);
    expect(await screen.findByText('The type set has no booking fields.')).toBeInTheDocument();
    expect(screen.getByText('T-shirt size')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
