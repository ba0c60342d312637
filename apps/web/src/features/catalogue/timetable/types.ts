import type { SessionItem } from '@bookla/shared/catalogue-timetable';
import type { Translated } from '@bookla/shared/i18n';

/** A date of an activity: the shared reply type under the timetable's name. */
export type CourseSession = SessionItem;

/** A name as replies carry it: per language, or already picked in the request language. */
export type TextValue = Translated | string | null | undefined;
