/** What other features may use of the activities area (courses and events). */
import { lazyNamed } from '../../../lib/lazy-named';
export { activityKeys, useInstructorOptions, useActivity } from './api/activities-api';
export { LatestActivities } from './components/latest-activities';

// Screens load with the first one shown (lib/lazy-named.ts).
const screens = () => import('./screens');
export const ActivitiesList = lazyNamed(screens, 'ActivitiesList');
export const BasicTab = lazyNamed(screens, 'BasicTab');
export const ActivityEditHeader = lazyNamed(screens, 'ActivityEditHeader');
export const SettingsTab = lazyNamed(screens, 'SettingsTab');
