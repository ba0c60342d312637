import type { Permission as PermissionName } from '@bookla/shared/permissions';
import type { ReactNode } from 'react';
import { usePermissionCheck } from '../features/permissions';

/**
 * Spec §6: an element-level check. Asks the server (`GET /api/srl/permission/{name}`, cached
 * per name); shows the children only once it says yes, and nothing on a refusal or a failure.
 */
export function Permission({ name, children }: { name: PermissionName; children: ReactNode }) {
  const granted = usePermissionCheck(name);
  return granted ? <>{children}</> : null;
}
