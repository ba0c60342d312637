import { courseKeys } from '../../activities';

/**
 * Query keys of the timetable: an activity's sessions live under the activity's `['course', id]`
 * (so a change of the activity refreshes them); the calendar's are under `calendar`.
 */
export const timetableKeys = {
  sessions: (courseId: number) => [...courseKeys.one(courseId), 'sessions'] as const,
  generatorPreview: (courseId: number) => [...courseKeys.one(courseId), 'generator-preview'] as const,
  calendar: ['calendar'] as const,
};
