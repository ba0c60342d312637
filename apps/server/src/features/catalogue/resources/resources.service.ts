import {
  RESOURCE_KINDS,
  compactTranslated,
  fillMissingTranslations,
  pickText,
  resourceGroupSchema,
  type BookingsQuery,
  type Language,
  type ResourceGroupBody,
  type ResourceGroupItem,
  type ResourceKind,
} from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { checkInput, notFound } from '../../../lib/app-error.ts';
import { groupBookings } from '../timetable/index.ts';
import * as repo from './resources.repo.ts';
import type { GroupListQuery, GroupRow, ResourceRow, ResourceValues } from './resources.repo.ts';

/** Resource groups (rooms, equipment, instructors) and their resources with capacities. */

type Team = { id: number; languages: Language[]; timeZone: string };

function toGroup(row: GroupRow, own: ResourceRow[], lang: Language): ResourceGroupItem {
  return {
    id: row.id,
    name: row.name,
    name_text: pickText(row.name, lang),
    kind: row.kind,
    resources: own.map((r) => ({ id: r.id, name: r.name, name_text: pickText(r.name, lang), capacity: r.capacity })),
  };
}

/** One page of groups, then their resources: two queries. */
export async function listGroups(
  db: Db,
  teamId: number,
  input: Omit<GroupListQuery, 'filters' | 'lang'> & { columnFilters: Record<string, string> },
  lang: Language,
): Promise<{ rows: ResourceGroupItem[]; total: number }> {
  const kind = input.columnFilters.kind;
  const { rows, total } = await repo.listGroups(db, teamId, {
    page: input.page,
    perPage: input.perPage,
    sort: input.sort,
    filters: {
      name: input.columnFilters.name?.trim() || undefined,
      kind: (RESOURCE_KINDS as readonly string[]).includes(kind ?? '') ? (kind as ResourceKind) : undefined,
    },
    lang,
  });
  const all = await repo.resourcesOfGroups(
    db,
    teamId,
    rows.map((r) => r.id),
  );
  return {
    rows: rows.map((g) =>
      toGroup(
        g,
        all.filter((r) => r.groupId === g.id),
        lang,
      ),
    ),
    total,
  };
}

export async function getGroup(db: Db, teamId: number, id: number, lang: Language): Promise<ResourceGroupItem> {
  const row = await repo.findGroup(db, teamId, id);
  if (!row) throw notFound();
  return toGroup(row, await repo.resourcesOfGroups(db, teamId, [id]), lang);
}

/** Names in every team language (missing ones filled from the first); ids only of this group's resources. */
function validValues(team: Team, body: ResourceGroupBody, existing: ResourceRow[]) {
  const input = checkInput(resourceGroupSchema(team.languages), body);
  const own = new Set(existing.map((r) => r.id));
  const seen = new Set<number>();
  (body.resources ?? []).forEach((r, i) => {
    if (!r.id) return;
    if (!own.has(r.id) || seen.has(r.id)) input.add(`resources.${i}.id`, 'timetable:validation.resource_not_in_group');
    seen.add(r.id);
  });
  const v = input.valid();
  const name = (value: Parameters<typeof compactTranslated>[0]) => fillMissingTranslations(compactTranslated(value), team.languages);
  const list: ResourceValues[] | undefined = v.resources?.map((r) => ({
    id: r.id ?? null,
    name: name(r.name),
    capacity: r.capacity,
  }));
  return { group: { name: name(v.name), kind: v.kind }, list };
}

export async function createGroup(db: Db, team: Team, body: ResourceGroupBody, lang: Language): Promise<ResourceGroupItem> {
  const { group, list } = validValues(team, body, []);
  const id = await db.transaction(async (tx) => {
    const row = await repo.insertGroup(tx, team.id, group);
    if (list?.length) await repo.replaceResources(tx, team.id, row.id, list);
    return row.id;
  });
  return getGroup(db, team.id, id, lang);
}

/** Changes a group; a sent `resources` list replaces its resources (listed ids are kept). */
export async function updateGroup(db: Db, team: Team, id: number, body: ResourceGroupBody, lang: Language): Promise<ResourceGroupItem> {
  await db.transaction(async (tx) => {
    if (!(await repo.findGroup(tx, team.id, id, true))) throw notFound();
    const { group, list } = validValues(team, body, await repo.resourcesOfGroups(tx, team.id, [id]));
    await repo.updateGroup(tx, team.id, id, group);
    if (list) await repo.replaceResources(tx, team.id, id, list);
  });
  return getGroup(db, team.id, id, lang);
}

export async function deleteGroup(db: Db, teamId: number, id: number): Promise<void> {
  if (!(await repo.deleteGroup(db, teamId, id))) throw notFound();
}

export async function bookings(db: Db, team: Team, id: number, query: BookingsQuery, lang: Language) {
  if (!(await repo.findGroup(db, team.id, id))) throw notFound();
  return groupBookings(db, team, id, query, lang);
}
