/** What other features may use of the resources area (resource groups, a session's resources, conflicts). */
export { isConflictReply, withConflicts, type ConflictReply } from './api/conflicts';
export { useResourceGroups } from './api/resources-api';
export { ConflictList } from './components/conflict-list';
