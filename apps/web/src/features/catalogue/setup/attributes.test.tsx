import type { AttributeItem } from '@bookla/shared/catalogue-setup';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../test/fake-fetch';
import { confirmDialog, listOf, pick, renderSetup, requests, resetScreen, validation } from '../../../test/backoffice';

const level: AttributeItem = {
  id: 1,
  type: 'select',
  label: { de: 'Niveau', en: 'Level' },
  label_text: 'Level',
  options: [
    { value: 'beginner', label: { de: 'Anfänger', en: 'Beginner' }, label_text: 'Beginner' },
    { value: 'advanced', label: { de: 'Fortgeschritten', en: 'Advanced' }, label_text: 'Advanced' },
  ],
  filterable: true,
  sort: 1,
  value_count: 0,
};

describe('attributes', () => {
  beforeAll(async () => {
    await import('../../../routes/backoffice/backoffice-group');
  });
  beforeEach(resetScreen);
  afterEach(() => vi.unstubAllGlobals());

  it('lists attributes page by page and searches on Enter', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/course/attributes', {
      'GET /api/course/attributes': (call) =>
        call.url.includes('search=lev') ? json(listOf([level])) : json(listOf([level], Number(/page=(\d+)/.exec(call.url)?.[1] ?? 1), 25)),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Attributes' })).toBeInTheDocument();
    const row = (await screen.findByRole('link', { name: 'Level' })).closest('tr')!;
    expect(row).toHaveTextContent('Select');
    expect(row).toHaveTextContent('2');
    expect(within(row).getByRole('link', { name: 'Edit Level' })).toHaveAttribute('href', '/en/backend/course/attribute/1');
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(requests(calls, 'GET', '/api/course/attributes').at(-1)?.url).toContain('page=3'));
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'lev{Enter}');
    await waitFor(() => expect(requests(calls, 'GET', '/api/course/attributes').at(-1)?.url).toMatch(/search=lev.*|page=1.*search=lev/));
    expect(requests(calls, 'GET', '/api/course/attributes').at(-1)?.url).not.toContain('page=3');
  });

  it('shows the empty state with a create button', async () => {
    renderSetup('/en/backend/course/attributes', { 'GET /api/course/attributes': () => json(listOf([])) });
    expect(await screen.findByText('No attributes yet')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'New attribute' }).at(-1)).toHaveAttribute('href', '/en/backend/course/attribute/create');
  });

  it('creates a select attribute with choices; a 422 lands beside the field first', async () => {
    const user = userEvent.setup({ delay: null });
    let attempts = 0;
    const { calls, router } = renderSetup('/en/backend/course/attribute/create', {
      'POST /api/course/attributes': () =>
        ++attempts === 1
          ? validation({ 'options.0.value': ['This key is used twice.'] })
          : json({ success: true, message: 'The attribute has been created.', data: { ...level, id: 5 } }),
      'GET /api/course/attributes': () => json(listOf([level])),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'New attribute' })).toBeInTheDocument();
    await pick(user, /Type/, 'Select');
    expect(screen.getByText('No choices yet. Add at least one.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: /^Label/ }), 'Niveau');
    await user.click(screen.getByRole('radio', { name: /English/ }));
    await user.type(screen.getByRole('textbox', { name: /^Label/ }), 'Level');
    await user.click(screen.getByRole('button', { name: 'Add choice' }));
    const choice = screen.getByRole('group', { name: 'Choice 1' });
    await user.type(within(choice).getByRole('textbox', { name: /^Label/ }), 'Anfänger');
    await user.click(within(choice).getByRole('radio', { name: /English/ }));
    await user.type(within(choice).getByRole('textbox', { name: /^Label/ }), 'Beginner');
    await user.click(screen.getByRole('switch', { name: /Filterable/ }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('This key is used twice.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/en/backend/course/attribute/create');
    await user.type(within(choice).getByRole('textbox', { name: /^Key/ }), 'beginner');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('The attribute has been created.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/course/attributes'));
    const posts = requests(calls, 'POST', '/api/course/attributes');
    expect(posts[0]?.body).toEqual({
      type: 'select',
      label: { de: 'Niveau', en: 'Level' },
      options: [{ value: '', label: { de: 'Anfänger', en: 'Beginner' } }],
      filterable: true,
    });
    expect((posts[1]?.body as { options: { value: string }[] }).options[0]?.value).toBe('beginner');
  }, 20_000);

  it('asks for the label in every company language before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls } = renderSetup('/en/backend/course/attribute/create', {});
    await user.type(await screen.findByRole('textbox', { name: /^Label/ }), 'Niveau');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The switcher jumps to English, where the label is missing.
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Label/ })).toHaveAttribute('lang', 'en'));
    expect(screen.getByRole('textbox', { name: /^Label/ })).toHaveAttribute('aria-invalid', 'true');
    expect(requests(calls, 'POST', '/api/course/attributes')).toHaveLength(0);
  });

  it('edits an attribute, and deletes it only after the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    const { calls, router } = renderSetup('/en/backend/course/attribute/1', {
      'GET /api/course/attributes/1': () => json({ data: level }),
      'PUT /api/course/attributes/1': () => json({ success: true, message: 'Saved!', data: level }),
      'DELETE /api/course/attributes/1': () => json({ success: true, message: 'The attribute has been deleted.' }),
      'GET /api/course/attributes': () => json(listOf([])),
    });
    const second = await screen.findByRole('group', { name: 'Choice 2' });
    await user.click(within(second).getByRole('button', { name: 'Move choice 2 up' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved!')).toBeInTheDocument();
    const put = requests(calls, 'PUT', '/api/course/attributes/1')[0]?.body as { options: { value: string }[] };
    expect(put.options.map((o) => o.value)).toEqual(['advanced', 'beginner']);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await screen.findAllByRole('dialog', { name: 'Delete?' });
    expect(requests(calls, 'DELETE', '/api/course/attributes/1')).toHaveLength(0);
    await confirmDialog(user, 'Delete?', 'Delete');
    expect(await screen.findByText('The attribute has been deleted.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/backend/course/attributes'));
  });
});
