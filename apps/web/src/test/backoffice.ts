import type { ListResponse } from '@bookla/shared/pagination';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { routes } from '../app/router';
import { setAppState, DEFAULT_APP_STATE } from '../lib/app-state';
import { applyLanguage } from '../lib/language';
import { json, type FakeCall } from './fake-fetch';
import { renderRoutes } from './render';
import { fakeApi, loggedInState, makeTeam } from './team-fixtures';

/** Test helpers of the setup screens: an owner of a de/en company, list replies, dialogs. */

// Mantine's autosizing textarea listens to `document.fonts`, which happy-dom lacks.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener() {}, removeEventListener() {} } });
}

export const owner = makeTeam(3, 'Yoga Zürich');

export async function resetScreen(): Promise<void> {
  notifications.clean();
  setAppState(DEFAULT_APP_STATE);
  await applyLanguage('en');
  setAppState(loggedInState(owner));
}

/** A list reply of the contract's shape. */
export function listOf<T>(data: T[], page = 1, total = data.length, perPage = 10): ListResponse<T> {
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const from = data.length ? (page - 1) * perPage + 1 : null;
  return {
    data,
    meta: { current_page: page, last_page: lastPage, per_page: perPage, from, to: from === null ? null : from + data.length - 1, total },
    links: { first: '', last: '', prev: null, next: null },
  };
}

export const validation = (errors: Record<string, string[]>) => json({ message: 'The given data was invalid.', errors }, 422);

export function renderSetup(path: string, handlers: Record<string, (call: FakeCall) => Response | Promise<Response>>) {
  const api = fakeApi(handlers);
  return { ...api, ...renderRoutes(routes, path) };
}

export const requests = (calls: FakeCall[], method: string, path: string) =>
  calls.filter((c) => c.method === method && c.url.split('?')[0] === path);

/** Opens a Mantine select and clicks an option (happy-dom never ends the dropdown's transition). */
export async function pick(user: UserEvent, label: string | RegExp, option: string) {
  await user.click(screen.getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

/** Confirms the open confirmation dialog. */
export async function confirmDialog(user: UserEvent, title: string, button: string) {
  const dialog = (await screen.findAllByRole('dialog', { name: title })).at(-1)!;
  await user.click(within(dialog).getByRole('button', { name: button }));
  return dialog;
}

/** The option texts of an opened Mantine select. */
export async function optionsOf(user: UserEvent, label: string | RegExp): Promise<string[]> {
  const box = screen.getByRole('combobox', { name: label });
  await user.click(box);
  const listbox = await waitFor(() => {
    const el = document.getElementById(box.getAttribute('aria-controls') ?? '');
    if (!el) throw new Error('no listbox');
    return el;
  });
  return within(listbox)
    .queryAllByRole('option', { hidden: true })
    .map((o) => o.textContent ?? '');
}
