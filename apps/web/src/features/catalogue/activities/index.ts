/** What other features may use of the activities area (courses and events). */
export { activityKeys, useInstructorOptions, useLocationOptions, useTypeSetOptions } from './api/activities-api';
