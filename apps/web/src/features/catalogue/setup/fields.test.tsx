import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { choice, makeField } from '../../../test/catalogue-fixtures';
import { json } from '../../../test/fake-fetch';
import { confirmDialog, listOf, optionsOf, pick, renderSetup, requests, resetScreen, validation } from '../../../test/backoffice';

const diet = makeField(1, 'select', 'Diet', { options: [choice('vegan', 'Vegan', 'Vegan'), choice('other', 'Andere', 'Other')] });
const name = makeField(2, 'text', 'Shirt size');
const photos = makeField(3, 'checkbox', 'Photos allowed');
const allergies = makeField(4, 'textarea', 'Allergies', { visible_if: { field_id: 1, values: ['other'] } });

describe('booking fields', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('lists fields with their visibility', async () => {
    renderSetup('/en/backend/course/fields', { 'GET /api/course/fields': () => json(listOf([diet, allergies])) });
    const row = (await screen.findByRole('link', { name: 'Allergies' })).closest('tr')!;
    expect(row).toHaveTextContent('Multi-line text');
    expect(row).toHaveTextContent('Per participant');
    expect(row).toHaveTextContent('Conditional');
    expect((await screen.findByRole('link', { name: 'Diet' })).closest('tr')).toHaveTextContent('Always shown');
  });

  it('creates a conditional field: only choice fields are offered, and the preview shows and hides it', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { calls, router } = renderSetup('/en/backend/course/field/create', {
      'GET /api/course/fields': () => json(listOf([diet, name, photos])),
      'POST /api/course/fields': () =>
        ++attempts === 1
          ? validation({ 'visible_if.values': ['Choose at least one value.'] })
          : json({ success: true, message: 'The field has been created.', data: allergies }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New field' })).toBeInTheDocument();
    await pick(user, /^Type/, 'Multi-line text');
    await user.type(screen.getByRole('textbox', { name: /^Label/ }), 'Allergien');
    await user.click(screen.getAllByRole('radio', { name: /English/ })[0]!);
    await user.type(screen.getByRole('textbox', { name: /^Label/ }), 'Allergies');

    expect(await optionsOf(user, /Show only when this field/)).toEqual(['Diet', 'Photos allowed']);
    await user.click(screen.getByRole('option', { name: 'Diet', hidden: true }));

    // Preview: hidden until "Other" is chosen for Diet.
    const preview = screen.getByRole('region', { name: 'Preview' });
    await user.click(screen.getByRole('checkbox', { name: 'Other' }));
    expect(within(preview).getByText('“Allergies” is hidden with this answer.')).toBeInTheDocument();
    await user.click(within(preview).getByRole('combobox', { name: 'Diet' }));
    await user.click(await screen.findByRole('option', { name: 'Other', hidden: true }));
    expect(await within(preview).findByRole('textbox', { name: 'Allergies' })).toBeInTheDocument();
    await user.click(within(preview).getByRole('combobox', { name: 'Diet' }));
    await user.click(await screen.findByRole('option', { name: 'Vegan', hidden: true }));
    expect(await within(preview).findByText('“Allergies” is hidden with this answer.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one value.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The field has been created.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/course/fields'));
    expect(requests(calls, 'POST', '/api/course/fields')[0]?.body).toEqual({
      type: 'textarea',
      label: { de: 'Allergien', en: 'Allergies' },
      help: { de: '', en: '' },
      options: [],
      scope: 'participant',
      required: false,
      visible_if: { field_id: 1, values: ['other'] },
    });
  }, 25_000);

  it('does not offer the field itself, nor fields that depend on it, as its condition', async () => {
    const user = userEvent.setup({ delay: null });
    const dependsOnDiet = makeField(5, 'checkbox', 'Needs menu', { visible_if: { field_id: 1, values: ['other'] } });
    renderSetup('/en/backend/course/field/1', {
      'GET /api/course/fields/1': () => json({ data: diet }),
      'GET /api/course/fields': () => json(listOf([diet, photos, dependsOnDiet])),
    });
    expect(await screen.findByRole('group', { name: 'Choice 2' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Show only when this field/ })).toBeEnabled());
    const offered = await optionsOf(user, /Show only when this field/);
    expect(offered).toContain('Photos allowed');
    expect(offered).not.toContain('Diet');
    expect(offered).not.toContain('Needs menu');
  });

  it('deletes a field from the list after the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    let deleted = false;
    const { calls } = renderSetup('/en/backend/course/fields', {
      'GET /api/course/fields': () => json(listOf(deleted ? [diet] : [diet, allergies])),
      'DELETE /api/course/fields/4': () => {
        deleted = true;
        return json({ success: true, message: 'The field has been deleted.' });
      },
    });
    await user.click(await screen.findByRole('button', { name: 'Delete Allergies' }));
    const dialog = await confirmDialog(user, 'Delete?', 'Delete');
    expect(dialog).toHaveTextContent('Do you really want to delete “Allergies”?');
    expect(await screen.findByText('The field has been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Allergies' })).not.toBeInTheDocument());
    expect(requests(calls, 'DELETE', '/api/course/fields/4')).toHaveLength(1);
  });
});
