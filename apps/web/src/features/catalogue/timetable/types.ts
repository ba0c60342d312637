import type { Translated } from '@bookla/shared/i18n';

export type { SessionItem } from '@bookla/shared/catalogue-timetable';

/** A name as replies carry it: per language, or already picked in the request language. */
export type TextValue = Translated | string | null | undefined;
