/** The screens of this feature, loaded together when the first one shows (index.ts exports them lazily). */
export { ActivitiesList } from './components/activities-list';
export { BasicTab } from './components/basic-tab';
export { ActivityEditHeader } from './components/activity-edit-header';
export { SettingsTab } from './components/settings-tab';
