/**
 * The statistics' intervals and longest ranges, without zod (re-exported by statistics.ts), so the
 * back office's first screen (the dashboard's sales chart) can use them without loading zod.
 */
export const STATISTICS_INTERVALS = ['day', 'week', 'month'] as const;
export type StatisticsInterval = (typeof STATISTICS_INTERVALS)[number];

/** Longest range per interval, in days (the sales chart and day buckets: one year). */
export const STATISTICS_MAX_DAYS: Record<StatisticsInterval, number> = { day: 366, week: 3 * 366, month: 10 * 366 };
