/** What other features may use of the resources area (resource groups, a session's resources, conflicts). */
import { lazyNamed } from '../../../lib/lazy-named';
export { isConflictReply, withConflicts, type ConflictReply } from './api/conflicts';
export { useResourceGroups } from './api/resources-api';
export { ConflictList } from './components/conflict-list';
export { blankResourceGroup, resourceGroupBody, resourceGroupToValues, type ResourceGroupValues } from './resource-group-values';

// Screens load with the first one shown (lib/lazy-named.ts).
const screens = () => import('./screens');
export const ResourcesTab = lazyNamed(screens, 'ResourcesTab');
export const ResourceBookings = lazyNamed(screens, 'ResourceBookings');
export const ResourceGroupFields = lazyNamed(screens, 'ResourceGroupFields');
export const InstructorFeeds = lazyNamed(screens, 'InstructorFeeds');
