import type { Permission } from '@bookla/shared/permissions';
import type { TeamFeatures } from '@bookla/shared/teams';
import type backendEn from '../../locales/en/backend.json';

// Labels are the keys of the `backend` namespace's `nav` block, so a typo fails the type check.
export type NavLabel = keyof (typeof backendEn)['nav'];

export interface NavItem {
  label: NavLabel;
  /** Path after `/{lang}/` (internal entries). */
  path?: string;
  /** External page, opened in a new tab. */
  href?: string;
  /** The spec's permission; without it the entry is hidden. */
  permission?: Permission;
  /** Shown only while the company has this feature switched on. */
  feature?: keyof TeamFeatures;
  children?: NavItem[];
}

export const TUTORIALS_URL = 'https://bookla.ch/tutorials';
export const SUPPORT_URL = 'https://bookla.ch/support';

/** Sidebar of spec §2, in its order (subscriptions third, when the feature is on). */
export const BACKEND_NAV: NavItem[] = [
  { label: 'dashboard', path: 'backend' },
  { label: 'statistics', path: 'backend/statistics', permission: 'nav.statistics' },
  { label: 'subscriptions', path: 'backend/subscriptions', permission: 'nav.subscriptions', feature: 'subscriptions' },
  { label: 'courses', path: 'backend/courses', permission: 'nav.courses' },
  { label: 'calendar', path: 'backend/courses/calendar', permission: 'nav.courses' },
  { label: 'resources', path: 'backend/sa/resources', permission: 'nav.sa_resources' },
  { label: 'discounts', path: 'backend/discounts', permission: 'nav.discounts' },
  { label: 'locations', path: 'backend/course/locations', permission: 'nav.locations' },
  { label: 'orders', path: 'backend/orders', permission: 'nav.orders' },
  { label: 'additionalSales', path: 'backend/orders/additional_sales', permission: 'nav.orders' },
  {
    label: 'customers',
    permission: 'nav.customers',
    children: [
      { label: 'participants', path: 'backend/customers/participant', permission: 'nav.customers.participant' },
      { label: 'orderCustomers', path: 'backend/customers/order', permission: 'nav.customers.order' },
      { label: 'waitinglist', path: 'backend/customers/waitinglist', permission: 'nav.customers.waitinglist' },
    ],
  },
  {
    label: 'attributeGroup',
    permission: 'nav.attributes',
    children: [
      { label: 'typeSets', path: 'backend/course/type_sets' },
      { label: 'attributes', path: 'backend/course/attributes' },
      { label: 'fields', path: 'backend/course/fields' },
      { label: 'products', path: 'backend/course/options' },
    ],
  },
  {
    label: 'configuration',
    permission: 'nav.config',
    children: [
      // The company settings are the owner's and admins' (the server answers 403 to editors).
      { label: 'company', path: 'backend/config/team/general', permission: 'team.manage' },
      { label: 'integrations', path: 'backend/config/integration' },
      { label: 'taxes', path: 'backend/config/tax' },
      // Who of the staff is mailed about orders names staff and their addresses: owners and admins.
      { label: 'notifications', path: 'backend/config/notifications', permission: 'team.manage' },
      { label: 'courseDefaults', path: 'backend/config/course/defaults/basic' },
      { label: 'features', path: 'backend/config/features' },
    ],
  },
  { label: 'ticketCheckin', path: 'ticket/checkin' },
  // The archive holds the customers' order mails: with the orders' permission (not for instructors).
  { label: 'emailArchive', path: 'backend/archive/team', permission: 'nav.orders' },
  { label: 'tutorials', href: TUTORIALS_URL },
  { label: 'support', href: SUPPORT_URL },
  { label: 'bexio', path: 'backend/bexio', permission: 'internal.staff' },
];

export interface NavContext {
  permissions: readonly Permission[];
  features?: Partial<TeamFeatures> | null;
}

/**
 * The entries this user sees: without the permission or the feature an entry is gone; a group
 * whose children are all gone is gone too.
 */
export function visibleNavItems(items: readonly NavItem[], ctx: NavContext): NavItem[] {
  const out: NavItem[] = [];
  for (const item of items) {
    if (item.permission && !ctx.permissions.includes(item.permission)) continue;
    if (item.feature && ctx.features?.[item.feature] !== true) continue;
    if (item.children) {
      const children = visibleNavItems(item.children, ctx);
      if (children.length) out.push({ ...item, children });
      continue;
    }
    out.push(item);
  }
  return out;
}

/** Dashboard only on its exact path; other entries also for their sub-pages (edit/…). */
export function isActivePath(itemPath: string, lang: string, pathname: string): boolean {
  const full = `/${lang}/${itemPath}`;
  if (itemPath === 'backend') return pathname === full || pathname === `${full}/`;
  return pathname === full || pathname.startsWith(`${full}/`);
}

/** Every internal path of the tree, to find the longest (most specific) match. */
function allPaths(items: readonly NavItem[]): string[] {
  return items.flatMap((i) => [...(i.path ? [i.path] : []), ...(i.children ? allPaths(i.children) : [])]);
}

/**
 * The one entry to highlight: the longest path that matches, so `courses/calendar` does not
 * also light up `courses`, nor `orders/additional_sales` light up `orders`. Company settings
 * tabs (`config/team/billing`, …) belong to the Company entry.
 */
export function activeNavPath(items: readonly NavItem[], lang: string, pathname: string): string | undefined {
  const normalised = pathname.replace(new RegExp(`^/${lang}/backend/config/team/(?!create)[^/]+`), `/${lang}/backend/config/team/general`);
  return allPaths(items)
    .filter((p) => isActivePath(p, lang, normalised))
    .sort((a, b) => b.length - a.length)[0];
}
