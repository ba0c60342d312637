import { Notifications } from '@mantine/notifications';
import { findByRole, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { loggedInState, makeTeam } from './team-fixtures';
import { setAppState } from '../lib/app-state';
import { renderRoutes } from './render';
import type { TicketItem } from '@bookla/shared/catalogue-tickets';
import type { Conflict } from '@bookla/shared/catalogue-timetable';
import type { SessionItem } from '../features/catalogue/timetable';

/** Test data and rendering for the activity's tabs (team in Europe/Zurich, languages de + en). */

export const team = makeTeam(3, 'Yoga Zürich');

export function loginOwner(): void {
  setAppState(loggedInState(team));
}

/** Renders a tab below `/:lang/…` (links and the language come from the route) with toasts. */
export function renderTab(ui: ReactElement, lang = 'en') {
  const element = (
    <>
      <Notifications />
      {ui}
    </>
  );
  return renderRoutes([{ path: '/:lang/tab', element }], `/${lang}/tab`);
}

export function makeSession(id: number, startsAt: string, endsAt: string, overrides: Partial<SessionItem> = {}): SessionItem {
  return {
    id,
    activity_id: 5,
    starts_at: startsAt,
    ends_at: endsAt,
    status: 'scheduled',
    note: {},
    resources: [],
    conflicts: [],
    ...overrides,
  };
}

/** `PUT /api/courses/5/sessions/:id` saved: the session with the sent times, as the server answers it. */
export function sessionSaved(id: number, body: unknown, message = 'The date has been saved.', overrides: Partial<SessionItem> = {}) {
  const { starts_at, ends_at } = body as { starts_at: string; ends_at: string };
  return { success: true, message, data: makeSession(id, starts_at, ends_at, overrides) };
}

/** The server's refusal to over-book a resource (200, nothing saved; `confirm` saves anyway). */
export function conflictsFound(conflicts: Conflict[]) {
  return { success: false, message: 'Some resources are overbooked at this time. Confirm to save anyway.', conflicts };
}

export function makeTicket(id: number, overrides: Partial<TicketItem> = {}): TicketItem {
  return {
    id,
    session_id: null,
    name: { de: 'Kurs komplett', en: 'Whole course' },
    name_text: 'Whole course',
    description: {},
    price: 240,
    price_minor: 24000,
    currency: 'CHF',
    stock: 12,
    sold: 3,
    stock_reserved: 1,
    stock_available: 8,
    sale_start: null,
    sale_end: null,
    tax_rate: 8.1,
    min_per_order: 1,
    max_per_order: null,
    visibility: 'public',
    sort: 0,
    ...overrides,
  };
}

/** Opens a Mantine select and picks an option of *its* list (other selects keep theirs in the page). */
export async function pick(combobox: HTMLElement, option: string): Promise<void> {
  await userEvent.click(combobox);
  const list = await waitForList(combobox);
  await userEvent.click(await findByRole(list, 'option', { name: option, hidden: true }));
}

/** The listbox a combobox controls, once open. */
export function waitForList(combobox: HTMLElement): Promise<HTMLElement> {
  return waitFor(() => {
    const list = document.getElementById(combobox.getAttribute('aria-controls') ?? '');
    if (!list) throw new Error('the list did not open');
    return list;
  });
}
