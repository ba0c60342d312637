/** The screens of this feature, loaded together when the first one shows (index.ts exports them lazily). */
export { DatesTab } from './components/dates-tab';
export { CalendarFilters } from './components/calendar-filters';
