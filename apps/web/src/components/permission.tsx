import type { Permission as PermissionName } from '@bookla/shared/permissions';
import type { ReactNode } from 'react';
import { usePermissionCheck } from '../features/permissions';

/**
 * Spec §6: an element-level check. The server's answer comes with the app state (its permission
 * list, refreshed with the state; decision 011), so rendering costs no request; only a state
 * without that list asks `GET /api/srl/permission/{name}`. Shows the children once the server
 * grants the permission, and nothing on a refusal or a failure.
 */
export function Permission({ name, children }: { name: PermissionName; children: ReactNode }) {
  const granted = usePermissionCheck(name);
  return granted ? <>{children}</> : null;
}
