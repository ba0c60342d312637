import { pickText, type Language, type Translated } from '@bookla/shared/i18n';
import type { TextValue } from './types';

export { FALLBACK_ZONE, showDate, showDateTime, showRange, showTime, useTeamZone, wallParts, wallTime } from '../../../lib/team-zone';

/** A name as the API sends it: per language, or already picked. */
export function textOf(value: TextValue, lang: Language, fallback?: string): string {
  if (typeof value === 'string') return value;
  return pickText(value as Translated | null | undefined, lang) || fallback || '';
}
