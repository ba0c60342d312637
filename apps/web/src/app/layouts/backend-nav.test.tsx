import { PERMISSIONS, roleHas, type Permission, type Role } from '@bookla/shared/permissions';
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_APP_STATE, setAppState } from '../../lib/app-state';
import { applyLanguage } from '../../lib/language';
import { renderRoutes } from '../../test/render';
import { BackendNav } from './backend-nav';
import { activeNavPath, BACKEND_NAV, visibleNavItems } from './backend-nav-items';
import { appUser } from '../../test/team-fixtures';

const permissionsOf = (role: Role, extra: Permission[] = []): Permission[] => [...PERMISSIONS.filter((p) => roleHas(role, p)), ...extra];

function renderNav(path: string, permissions: Permission[], subscriptions = false) {
  setAppState({
    authenticated: true,
    user: appUser({ id: 1 }),
    permissions,
    features: { subscriptions, waiting_list: true, resources: true, embeds: true },
  });
  renderRoutes(
    [
      {
        path: '/:lang/*',
        element: (
          <nav aria-label="Sidebar">
            <BackendNav />
          </nav>
        ),
      },
    ],
    path,
  );
  return screen.getByRole('navigation', { name: 'Sidebar' });
}

/** The top-level entries in order: links and group buttons. */
function topLevel(nav: HTMLElement): string[] {
  return [...nav.children]
    .filter((el) => el.tagName === 'A' || el.tagName === 'BUTTON')
    .map((el) => (el.textContent ?? '').replace(/\s*↗.*$/, '').trim());
}

describe('back-office sidebar', () => {
  beforeEach(async () => {
    setAppState(DEFAULT_APP_STATE);
    await applyLanguage('en');
  });

  it('shows an instructor only the entries of the permissions an instructor holds', async () => {
    const nav = renderNav('/en/backend', permissionsOf('instructor'));
    expect(topLevel(nav)).toEqual(['Dashboard', 'Activities', 'Calendar', 'Customers', 'Ticket check-in', 'Tutorials', 'Support']);
    await userEvent.click(within(nav).getByRole('button', { name: 'Customers' }));
    expect(within(nav).getByRole('link', { name: 'Participants' })).toHaveAttribute('href', '/en/backend/customers/participant');
    expect(within(nav).queryByRole('link', { name: 'Orders' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Waiting list' })).not.toBeInTheDocument();
  });

  it('shows an editor everything but the company settings, subscriptions (feature off) and bexio', async () => {
    const nav = renderNav('/en/backend', permissionsOf('editor'));
    expect(topLevel(nav)).toEqual([
      'Dashboard',
      'Statistics',
      'Activities',
      'Calendar',
      'Resources',
      'Discounts',
      'Locations',
      'Orders',
      'Additional sales',
      'Customers',
      'Attributes',
      'Configurations',
      'Ticket check-in',
      'Email archive',
      'Tutorials',
      'Support',
    ]);
    await userEvent.click(within(nav).getByRole('button', { name: 'Configurations' }));
    expect(within(nav).queryByRole('link', { name: 'Company' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/en/backend/config/features');
  });

  it('shows owners the company settings and every group entry in the spec order', async () => {
    const nav = renderNav('/en/backend', permissionsOf('owner'));
    await userEvent.click(within(nav).getByRole('button', { name: 'Attributes' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Configurations' }));
    await userEvent.click(within(nav).getByRole('button', { name: 'Customers' }));
    const hrefs = within(nav)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      '/en/backend',
      '/en/backend/statistics',
      '/en/backend/courses',
      '/en/backend/courses/calendar',
      '/en/backend/sa/resources',
      '/en/backend/discounts',
      '/en/backend/course/locations',
      '/en/backend/orders',
      '/en/backend/orders/additional_sales',
      '/en/backend/customers/participant',
      '/en/backend/customers/order',
      '/en/backend/customers/waitinglist',
      '/en/backend/course/type_sets',
      '/en/backend/course/attributes',
      '/en/backend/course/fields',
      '/en/backend/course/options',
      '/en/backend/config/team/general',
      '/en/backend/config/integration',
      '/en/backend/config/tax',
      '/en/backend/config/notifications',
      '/en/backend/config/course/defaults/basic',
      '/en/backend/config/features',
      '/en/ticket/checkin',
      '/en/backend/archive/team',
      'https://bookla.ch/tutorials',
      'https://bookla.ch/support',
    ]);
    expect(within(nav).getByRole('link', { name: 'Products' })).toHaveAttribute('href', '/en/backend/course/options');
  });

  it('puts subscriptions third, only while the feature is on', () => {
    const nav = renderNav('/en/backend', permissionsOf('owner'), true);
    expect(topLevel(nav).slice(0, 4)).toEqual(['Dashboard', 'Statistics', 'Subscriptions', 'Activities']);
    expect(within(nav).getByRole('link', { name: 'Subscriptions' })).toHaveAttribute('href', '/en/backend/subscriptions');
  });

  it('shows bexio only with the internal-staff permission', () => {
    let nav = renderNav('/en/backend', permissionsOf('owner'));
    expect(within(nav).queryByRole('link', { name: 'Bexio' })).not.toBeInTheDocument();
    cleanup();
    nav = renderNav('/de/backend', permissionsOf('owner', ['internal.staff']));
    expect(within(nav).getByRole('link', { name: 'Bexio' })).toHaveAttribute('href', '/de/backend/bexio');
  });

  it('opens tutorials and support in a new tab without handing over the opener', () => {
    const nav = renderNav('/en/backend', []);
    for (const name of [/Tutorials/, /Support/]) {
      const link = within(nav).getByRole('link', { name });
      expect(link).toHaveAttribute('target', '_blank');
      expect(link.getAttribute('rel')).toContain('noopener');
      expect(link).toHaveAccessibleName(expect.stringContaining('opens in a new tab'));
    }
  });

  it('highlights the most specific entry and opens its group', () => {
    let nav = renderNav('/en/backend/courses/calendar', permissionsOf('owner'));
    expect(within(nav).getByRole('link', { name: 'Calendar' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Activities' })).not.toHaveAttribute('aria-current');
    cleanup();
    nav = renderNav('/en/backend/config/team/staff', permissionsOf('owner'));
    expect(within(nav).getByRole('button', { name: 'Configurations' })).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Company' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('visibleNavItems / activeNavPath', () => {
  it('drops a group whose children are all hidden', () => {
    const items = visibleNavItems(BACKEND_NAV, { permissions: ['nav.customers'] });
    expect(items.map((i) => i.label)).not.toContain('customers');
  });

  it('prefers the longest matching path', () => {
    const all = visibleNavItems(BACKEND_NAV, { permissions: [...PERMISSIONS] });
    expect(activeNavPath(all, 'en', '/en/backend/orders/additional_sales')).toBe('backend/orders/additional_sales');
    expect(activeNavPath(all, 'en', '/en/backend/orders/edit/4')).toBe('backend/orders');
    expect(activeNavPath(all, 'en', '/en/backend')).toBe('backend');
    expect(activeNavPath(all, 'en', '/en/backend/config/team/create')).toBeUndefined();
  });
});
