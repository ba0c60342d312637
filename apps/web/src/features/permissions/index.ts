/** What other features may use of the permission checks. */
export { fetchPermission, permissionKeys, permissionQuery, useHasPermission, usePermissionCheck } from './permission-query';
