/**
 * Roles and the permission matrix of spec §6. The server enforces it on every call;
 * the client only uses it to hide what a user cannot do.
 */
export const ROLES = ['owner', 'admin', 'editor', 'instructor'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'dashboard.stats',
  'course.create',
  'course.edit',
  'course.delete',
  'nav.courses',
  'nav.customers',
  'nav.customers.participant',
  'nav.customers.order',
  'nav.customers.waitinglist',
  'nav.discounts',
  'nav.config',
  'nav.orders',
  'nav.attributes',
  'nav.locations',
  'nav.sa_resources',
  'nav.statistics',
  'nav.subscriptions',
  'team.manage',
  'internal.staff',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** The instructor is denied everything not explicitly allowed (spec §6). */
const INSTRUCTOR_ALLOWED: readonly Permission[] = ['nav.courses', 'nav.customers', 'nav.customers.participant'];

/** Managing the team (billing, staff, features) stays with owners and admins. */
const OWNER_ADMIN_ONLY: readonly Permission[] = ['team.manage'];

export function isPermission(name: string): name is Permission {
  return (PERMISSIONS as readonly string[]).includes(name);
}

/**
 * Whether a role holds a permission. `internal.staff` is not a role permission: it depends on
 * the user's e-mail domain and is decided by the caller (`isInternalStaff`).
 */
export function roleHas(role: Role, permission: Permission): boolean {
  if (permission === 'internal.staff') return false;
  if (role === 'instructor') return INSTRUCTOR_ALLOWED.includes(permission);
  if (OWNER_ADMIN_ONLY.includes(permission)) return role === 'owner' || role === 'admin';
  return true;
}

export function isInternalStaff(email: string, domains: readonly string[]): boolean {
  const at = email.lastIndexOf('@');
  if (at < 0) return false;
  const domain = email.slice(at + 1).toLowerCase();
  return domains.some((d) => d.trim().toLowerCase() === domain);
}
