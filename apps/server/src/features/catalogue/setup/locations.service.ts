import {
  compactTranslated,
  fillMissingTranslations,
  locationSchema,
  pickText,
  type Language,
  type LocationBody,
  type LocationItem,
} from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { checkInput, notFound } from '../../../lib/app-error.ts';
import { isCountry } from '../../reference/index.ts';
import * as repo from './locations.repo.ts';
import type { LocationListQuery, LocationRow, LocationValues } from './locations.repo.ts';

/** Locations where activities take place. */

export function toLocation(row: LocationRow, lang: Language): LocationItem {
  return {
    id: row.id,
    name: row.name,
    name_text: pickText(row.name, lang),
    address: row.address,
    postal_code: row.postalCode,
    city: row.city,
    country: row.country,
    directions: row.directions,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
  };
}

export async function listLocations(
  db: Db,
  teamId: number,
  input: Omit<LocationListQuery, 'filters' | 'lang'> & { columnFilters: Record<string, string> },
  lang: Language,
): Promise<{ rows: LocationItem[]; total: number }> {
  const filters = { name: input.columnFilters.name?.trim() || undefined, city: input.columnFilters.city?.trim() || undefined };
  const { rows, total } = await repo.listLocations(db, teamId, {
    page: input.page,
    perPage: input.perPage,
    sort: input.sort,
    filters,
    lang,
  });
  return { rows: rows.map((r) => toLocation(r, lang)), total };
}

export async function getLocation(db: Db, teamId: number, id: number, lang: Language): Promise<LocationItem> {
  const row = await repo.findLocation(db, teamId, id);
  if (!row) throw notFound();
  return toLocation(row, lang);
}

/** Every team language needs a name; the country must be one of the reference list. */
async function validValues(db: Db, languages: Language[], body: LocationBody): Promise<LocationValues> {
  const input = checkInput(locationSchema(languages), body);
  if (body.country && !(await isCountry(db, body.country))) input.add('country', 'catalogue:validation.country_invalid');
  const v = input.valid();
  return {
    name: compactTranslated(v.name),
    address: v.address,
    postalCode: v.postal_code,
    city: v.city,
    country: v.country,
    // Optional, filled from the first language with text (docs/decisions/010-translations.md).
    directions: fillMissingTranslations(compactTranslated(v.directions), languages),
    latitude: v.latitude ?? null,
    longitude: v.longitude ?? null,
  };
}

export async function createLocation(db: Db, team: { id: number; languages: Language[] }, body: LocationBody, lang: Language) {
  const values = await validValues(db, team.languages, body);
  return toLocation(await repo.insertLocation(db, team.id, values), lang);
}

export async function updateLocation(db: Db, team: { id: number; languages: Language[] }, id: number, body: LocationBody, lang: Language) {
  if (!(await repo.findLocation(db, team.id, id))) throw notFound();
  const values = await validValues(db, team.languages, body);
  const row = await repo.updateLocation(db, team.id, id, values);
  if (!row) throw notFound();
  return toLocation(row, lang);
}

export async function deleteLocation(db: Db, teamId: number, id: number): Promise<void> {
  if (!(await repo.deleteLocation(db, teamId, id))) throw notFound();
}
