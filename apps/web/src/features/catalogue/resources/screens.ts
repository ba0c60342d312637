/** The screens of this feature, loaded together when the first one shows (index.ts exports them lazily). */
export { ResourcesTab } from './components/resources-tab';
export { ResourceBookings } from './components/resource-bookings';
export { ResourceGroupFields } from './components/resource-group-fields';
export { InstructorFeeds } from './components/instructor-feeds';
