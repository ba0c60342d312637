import { compactTranslated, locationSchema, pickText, type Language, type LocationBody, type LocationItem } from '@bookla/shared';
import type { Db } from '../../db/client.ts';
import { notFound, validationError } from '../../lib/app-error.ts';
import { isCountry } from '../reference/reference.service.ts';
import { issueFields } from './catalogue.service.ts';
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
  const parsed = locationSchema(languages).safeParse(body);
  const fields = parsed.success ? {} : issueFields(parsed.error);
  if (body.country && !(await isCountry(db, body.country))) (fields.country ??= []).push('catalogue:validation.country_invalid');
  if (!parsed.success || Object.keys(fields).length) throw validationError(fields);
  const v = parsed.data;
  return {
    name: compactTranslated(v.name),
    address: v.address,
    postalCode: v.postal_code,
    city: v.city,
    country: v.country,
    directions: compactTranslated(v.directions),
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
