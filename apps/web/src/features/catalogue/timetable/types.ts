import type { SessionItem } from '@bookla/shared/catalogue-timetable';
import type { Translated } from '@bookla/shared/i18n';

/** Replies and inputs of the activity's timetable (docs/api/catalogue.md); the shapes are the shared package's reply schemas. */
export type CourseSession = SessionItem;

/** A name as replies carry it: per language, or already picked in the request language. */
export type TextValue = Translated | string | null | undefined;

export interface Success {
  success: true;
  message?: string;
}

export interface SessionTimes {
  starts_at: string;
  ends_at: string;
  /** Sent only for an overnight date (the end's time is on the next day). */
  ends_next_day?: true;
}

export interface GenerateInput {
  frequency: 'weekly' | 'biweekly' | 'monthly';
  first_date: string;
  start_time: string;
  end_time: string;
  until?: string;
  count?: number;
  skip_holidays: boolean;
  exceptions?: string[];
  /** Sent only when each date ends on the next day. */
  ends_next_day?: true;
  preview?: boolean;
}

export interface GeneratedDate extends SessionTimes {
  date?: string;
  skipped?: 'holiday' | 'exception' | 'exists';
  holiday_name?: string;
}
