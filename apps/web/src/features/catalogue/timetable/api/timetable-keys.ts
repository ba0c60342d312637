import { activityKeys } from '../../activities';

/**
 * Query keys of the timetable: an activity's sessions live under `activityKeys.one(id)`
 * (so a change of the activity refreshes them); the calendar's are under `calendar`.
 */
export const timetableKeys = {
  sessions: (activityId: number) => [...activityKeys.one(activityId), 'sessions'] as const,
  generatorPreview: (activityId: number) => [...activityKeys.one(activityId), 'generator-preview'] as const,
  calendar: ['calendar'] as const,
};
