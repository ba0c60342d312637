import {
  compactTranslated,
  fillMissingTranslations,
  holidaySchema,
  pickText,
  type HolidayBody,
  type HolidayItem,
  type Language,
} from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { notFound, parseInput, validationError } from '../../../lib/app-error.ts';
import { isUniqueViolation } from '../../../lib/db-errors.ts';
import * as repo from './holidays.repo.ts';
import type { HolidayListQuery, HolidayRow, HolidayValues } from './holidays.repo.ts';

/** Holidays: days without sessions, skipped by the timetable generator. */

type Team = { id: number; languages: Language[] };

export function toHoliday(row: HolidayRow, lang: Language): HolidayItem {
  return { id: row.id, name: row.name, name_text: pickText(row.name, lang), starts_on: row.startsOn, ends_on: row.endsOn };
}

export async function listHolidays(
  db: Db,
  teamId: number,
  input: Omit<HolidayListQuery, 'filters' | 'lang'> & { columnFilters: Record<string, string> },
  lang: Language,
): Promise<{ rows: HolidayItem[]; total: number }> {
  const { rows, total } = await repo.listHolidays(db, teamId, {
    page: input.page,
    perPage: input.perPage,
    sort: input.sort,
    filters: { name: input.columnFilters.name?.trim() || undefined },
    lang,
  });
  return { rows: rows.map((r) => toHoliday(r, lang)), total };
}

const duplicate = () => validationError({ starts_on: ['timetable:validation.holiday_duplicate'] });

/** A name in every team language (missing ones filled from the first), start not after end, range unique. */
async function validValues(db: Db, team: Team, body: HolidayBody, exceptId?: number): Promise<HolidayValues> {
  const v = parseInput(holidaySchema(team.languages), body);
  const same = await repo.findSameRange(db, team.id, v.starts_on, v.ends_on);
  if (same && same.id !== exceptId) throw duplicate();
  return { name: fillMissingTranslations(compactTranslated(v.name), team.languages), startsOn: v.starts_on, endsOn: v.ends_on };
}

export async function createHoliday(db: Db, team: Team, body: HolidayBody, lang: Language): Promise<HolidayItem> {
  const row = await repo.insertHoliday(db, team.id, await validValues(db, team, body));
  if (!row) throw duplicate();
  return toHoliday(row, lang);
}

export async function updateHoliday(db: Db, team: Team, id: number, body: HolidayBody, lang: Language): Promise<HolidayItem> {
  if (!(await repo.findHoliday(db, team.id, id))) throw notFound();
  const values = await validValues(db, team, body, id);
  try {
    const row = await repo.updateHoliday(db, team.id, id, values);
    if (!row) throw notFound();
    return toHoliday(row, lang);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

export async function deleteHoliday(db: Db, teamId: number, id: number): Promise<void> {
  if (!(await repo.deleteHoliday(db, teamId, id))) throw notFound();
}
