import {
  compactTranslated,
  fillMissingTranslations,
  LANGUAGES,
  pickText,
  requiredTranslatedSchema,
  toZonedIso,
  toZonedIsoOrNull,
  parseZonedDateTime,
  type ActivityDetail,
  type ActivityMassAction,
  type ActivityUpdateBody,
  type InstructorItem,
  type Language,
  type PublishChecks,
  type Translated,
} from '@bookla/shared';
import type { Db } from '../../../db/client.ts';
import { AppError, checkInput, notFound } from '../../../lib/app-error.ts';
import { translate } from '../../../lib/i18n.ts';
import { isValidKey, removeLeftovers, type Storage } from '../../../lib/storage.ts';
import * as repo from './activities.repo.ts';
import type { ActivityRow, ActivityValues, PublishReadiness } from './activities.repo.ts';
import { findLocation, findTypeSet } from '../setup/index.ts';
import { getSellingSettings, takesPayments } from '../../selling/settings/index.ts';
import { copyHeaderImage, headerImageUrls } from './media.service.ts';

/** One activity: the detail record, its changes, deletion, mass actions and duplicates. */

export interface TeamContext {
  id: number;
  languages: Language[];
  timeZone: string;
}

const NAME_MAX = 200;

/**
 * Whether the activity's paid tickets can be paid: none costs money, or the team has a payment
 * method on (invoice, online payment or test mode; issue 22 item 2). Otherwise a buyer would learn
 * only at the last step of the checkout that nothing can take the money.
 */
const paymentReady = (r: PublishReadiness | undefined, teamTakesPayments: boolean) => !r?.paidTicketOnSale || teamTakesPayments;

/** Why an activity may not be published yet (translation keys; none: it may). */
export function publishBlockers(readiness: PublishReadiness | undefined, teamTakesPayments: boolean): string[] {
  const out: string[] = [];
  if (!readiness?.upcomingDate) out.push('activities:publish.no_upcoming_date');
  if (!readiness?.ticketOnSale) out.push('activities:publish.no_ticket_on_sale');
  if (!paymentReady(readiness, teamTakesPayments)) out.push('activities:publish.no_payment_method');
  return out;
}

const toChecks = (
  r: PublishReadiness | undefined,
  teamTakesPayments: boolean,
  texts: PublishChecks['missing_texts'] = [],
): PublishChecks => ({
  upcoming_date: r?.upcomingDate ?? false,
  ticket_on_sale: r?.ticketOnSale ?? false,
  payment_method: paymentReady(r, teamTakesPayments),
  missing_texts: texts,
});

const textIn = (text: Translated | null | undefined, lang: Language) => (text?.[lang] ?? '').trim();

/** The team languages a text is empty in; null when it is empty in all of them. */
function untranslated(languages: readonly Language[], text: Translated | null | undefined): Language[] | null {
  const empty = languages.filter((l) => !textIn(text, l));
  return empty.length === languages.length ? null : empty;
}

/**
 * What a visitor would read untranslated (issue 22 item 11): the description in any team
 * language (all of them when it is empty), the cancellation policy once it is written (it is optional).
 */
export function missingTexts(
  languages: readonly Language[],
  description: Translated | null | undefined,
  policy: Translated | null | undefined,
): NonNullable<PublishChecks['missing_texts']> {
  const out: NonNullable<PublishChecks['missing_texts']> = [];
  const noDescription = untranslated(languages, description) ?? [...languages];
  if (noDescription.length) out.push({ field: 'description', languages: noDescription });
  const noPolicy = untranslated(languages, policy) ?? [];
  if (noPolicy.length) out.push({ field: 'cancellation_policy', languages: noPolicy });
  return out;
}

/** Whether the team can take money at all (its selling settings). */
const teamTakesPayments = async (db: Db, teamId: number) => takesPayments(await getSellingSettings(db, teamId));

export async function getActivity(db: Db, team: TeamContext, id: number, lang: Language, canEdit: boolean): Promise<ActivityDetail> {
  const row = await repo.findActivity(db, team.id, id);
  if (!row) throw notFound();
  const [typeSet, instructorIds, values, readiness, payments] = await Promise.all([
    findTypeSet(db, team.id, row.typeSetId),
    repo.instructorIdsOf(db, team.id, id),
    repo.attributeValuesOf(db, team.id, id),
    repo.publishReadiness(db, team.id, [id]),
    teamTakesPayments(db, team.id),
  ]);
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    type_set: { id: row.typeSetId, name: pickText(typeSet?.name, lang) },
    parent_id: row.parentId,
    name: row.name,
    name_text: pickText(row.name, lang),
    description: row.description,
    location_id: row.locationId,
    instructor_ids: instructorIds,
    header_image: headerImageUrls(row.headerImagePath),
    booking_opens_at: toZonedIsoOrNull(row.bookingOpensAt, team.timeZone),
    booking_closes_minutes: row.bookingClosesMinutes,
    waiting_list: row.waitingList,
    waiting_list_offer_hours: row.waitingListOfferHours,
    cancel_free_hours: row.cancelFreeHours,
    cancel_late_allowed: row.cancelLateAllowed,
    cancellation_policy: row.cancellationPolicy,
    reservation_minutes: row.reservationMinutes,
    capacity: row.capacity,
    hold_limit: row.holdLimit,
    attributes: values.map((v) => ({ attribute_id: v.attributeId, value: v.value })),
    can_edit: canEdit,
    published_at: toZonedIsoOrNull(row.publishedAt, team.timeZone),
    created_at: toZonedIso(row.createdAt, team.timeZone),
    updated_at: toZonedIso(row.updatedAt, team.timeZone),
    publish_checks: toChecks(readiness.get(id), payments, missingTexts(team.languages, row.description, row.cancellationPolicy)),
  };
}

const add = (fields: Record<string, string[]>, path: string, key: string) => (fields[path] ??= []).push(key);

/** Translatable input → stored value: empty ones dropped, missing team languages filled (spec §5). */
const translated = (value: Partial<Record<string, string | null | undefined>> | null | undefined, languages: Language[]): Translated =>
  fillMissingTranslations(compactTranslated(value), languages);

/** Checks every reference against the team; collects all field errors before answering 422. */
async function validValues(db: Db, team: TeamContext, row: ActivityRow, body: ActivityUpdateBody) {
  const input = checkInput(requiredTranslatedSchema(team.languages).optional(), body.name, 'name');
  const fields = input.fields;
  const values: ActivityValues = {};
  const nameRefused = body.name !== undefined && input.data === undefined;
  if (body.name !== undefined && !nameRefused) values.name = translated(body.name, team.languages);
  if (body.type_set_id !== undefined) {
    const typeSet = await findTypeSet(db, team.id, body.type_set_id);
    if (!typeSet) add(fields, 'type_set_id', 'catalogue:validation.type_set_not_found');
    else Object.assign(values, { typeSetId: typeSet.id, kind: typeSet.kind });
  }
  if (body.location_id !== undefined) {
    if (body.location_id !== null && !(await findLocation(db, team.id, body.location_id))) {
      add(fields, 'location_id', 'activities:validation.location_not_found');
    } else values.locationId = body.location_id;
  }
  if (body.instructor_ids) {
    const members = await repo.memberIds(db, team.id, body.instructor_ids);
    body.instructor_ids.forEach((userId, i) => {
      if (!members.has(userId)) add(fields, `instructor_ids.${i}`, 'activities:validation.instructor_not_member');
    });
  }
  if (body.parent_id !== undefined) {
    if (body.parent_id === null) values.parentId = null;
    else if (body.parent_id === row.id) add(fields, 'parent_id', 'activities:validation.parent_self');
    else {
      const chain = await repo.ancestorIds(db, team.id, body.parent_id);
      if (!chain.length) add(fields, 'parent_id', 'activities:validation.parent_not_found');
      else if (chain.includes(row.id)) add(fields, 'parent_id', 'activities:validation.parent_cycle');
      else values.parentId = body.parent_id;
    }
  }
  if (body.booking_opens_at !== undefined) {
    const text = body.booking_opens_at?.trim() ?? '';
    const at = text ? parseZonedDateTime(text, team.timeZone) : null;
    if (text && !at) add(fields, 'booking_opens_at', 'date');
    else values.bookingOpensAt = at;
  }
  // Long texts stay as written: an untranslated language is empty (the shop falls back to another
  // language, pickText), so the form shows what is left to translate and the publish check can name
  // it (issue 22 item 11). Names are still completed from the first language (spec, create course).
  if (body.description !== undefined) values.description = compactTranslated(body.description);
  if (body.cancellation_policy !== undefined) values.cancellationPolicy = compactTranslated(body.cancellation_policy);
  if (body.booking_closes_minutes !== undefined) values.bookingClosesMinutes = body.booking_closes_minutes;
  if (body.waiting_list !== undefined) values.waitingList = body.waiting_list;
  if (body.waiting_list_offer_hours !== undefined) values.waitingListOfferHours = body.waiting_list_offer_hours;
  if (body.cancel_free_hours !== undefined) values.cancelFreeHours = body.cancel_free_hours;
  if (body.cancel_late_allowed !== undefined) values.cancelLateAllowed = body.cancel_late_allowed;
  if (body.reservation_minutes !== undefined) values.reservationMinutes = body.reservation_minutes;
  if (body.capacity !== undefined) values.capacity = body.capacity;
  if (body.hold_limit !== undefined) values.holdLimit = body.hold_limit;
  if (body.status !== undefined) {
    // Publishing (not staying published) needs a date ahead, a ticket on sale and a way to pay the paid ones.
    const blockers =
      body.status === 'published' && row.status !== 'published'
        ? publishBlockers((await repo.publishReadiness(db, team.id, [row.id])).get(row.id), await teamTakesPayments(db, team.id))
        : [];
    for (const key of blockers) add(fields, 'status', key);
    values.status = body.status;
    if (body.status === 'published' && !row.publishedAt) values.publishedAt = new Date();
  }
  if (!nameRefused && Object.keys(fields).length === 1 && fields.status)
    throw new AppError('VALIDATION_FAILED', 'activities:publish.refused', { fields });
  input.valid();
  return values;
}

/** Changes only the sent keys; instructors are replaced when `instructor_ids` is sent. */
export async function updateActivity(db: Db, team: TeamContext, id: number, body: ActivityUpdateBody): Promise<void> {
  const row = await repo.findActivity(db, team.id, id);
  if (!row) throw notFound();
  const values = await validValues(db, team, row, body);
  await db.transaction(async (tx) => {
    if (!(await repo.updateActivity(tx, team.id, id, values))) throw notFound();
    if (body.instructor_ids) await repo.replaceInstructors(tx, team.id, id, [...new Set(body.instructor_ids)]);
  });
}

const hasSales = (path: string) =>
  new AppError('VALIDATION_FAILED', 'activities:course.has_sales', { fields: { [path]: ['activities:course.has_sales'] } });

/** Deletes activities with their sub-items, unless a ticket of any of them has been sold. */
async function deleteWithSubItems(db: Db, storage: Storage, teamId: number, ids: number[], errorPath: string): Promise<void> {
  const all = await repo.withDescendants(db, teamId, ids);
  if (
    (
      await repo.activitiesWithSales(
        db,
        teamId,
        all.map((a) => a.id),
      )
    ).length
  )
    throw hasSales(errorPath);
  await db.transaction(async (tx) => {
    // Checked again with the tickets locked, against a sale in between.
    if (
      (
        await repo.activitiesWithSales(
          tx,
          teamId,
          all.map((a) => a.id),
          true,
        )
      ).length
    )
      throw hasSales(errorPath);
    await repo.deleteActivities(
      tx,
      teamId,
      all.map((a) => a.id),
    );
  });
  await removeLeftovers(
    storage,
    all.flatMap((a) => (a.headerImagePath && isValidKey(a.headerImagePath) ? [a.headerImagePath] : [])),
  );
}

export async function deleteActivity(db: Db, storage: Storage, teamId: number, id: number): Promise<void> {
  if (!(await repo.findActivity(db, teamId, id))) throw notFound();
  await deleteWithSubItems(db, storage, teamId, [id], 'id');
}

/** "Yoga" → "Yoga (copy)" in each language of the name, within the length limit. */
export function copyName(name: Translated): Translated {
  const out: Translated = {};
  for (const lang of LANGUAGES) {
    const text = name[lang];
    if (!text) continue;
    const suffix = translate(lang, 'activities:course.copy_suffix');
    out[lang] = `${text.slice(0, NAME_MAX - suffix.length).trimEnd()}${suffix}`;
  }
  return out;
}

async function duplicate(db: Db, storage: Storage, teamId: number, sources: ActivityRow[]): Promise<number> {
  const images = new Map<number, string>();
  try {
    for (const s of sources) {
      const key = await copyHeaderImage(storage, s.headerImagePath);
      if (key) images.set(s.id, key);
    }
    await db.transaction(async (tx) => {
      for (const source of sources) {
        const satellites = await repo.satellitesOf(tx, teamId, source.id);
        await repo.insertCopy(tx, teamId, source, satellites, {
          name: copyName(source.name),
          headerImagePath: images.get(source.id) ?? null,
        });
      }
    });
  } catch (err) {
    for (const key of images.values()) await storage.delete(key);
    throw err;
  }
  return sources.length;
}

export interface MassResult {
  affected: number;
  /** Publish only: the ids published now. */
  published?: number[];
  /** Publish only: the activities left as they were, with the reasons (translation keys). */
  refused?: { id: number; name: Translated; reasons: string[] }[];
}

/**
 * Publishes those of the activities that may be (see `publishBlockers`); already published ones
 * stay so and are neither counted nor refused.
 */
async function publishMany(db: Db, teamId: number, rows: ActivityRow[]): Promise<MassResult> {
  const candidates = rows.filter((r) => r.status !== 'published');
  const readiness = await repo.publishReadiness(
    db,
    teamId,
    candidates.map((r) => r.id),
  );
  const payments = await teamTakesPayments(db, teamId);
  const refused = candidates
    .map((r) => ({ id: r.id, name: r.name, reasons: publishBlockers(readiness.get(r.id), payments) }))
    .filter((r) => r.reasons.length > 0);
  const ready = candidates.filter((r) => !refused.some((x) => x.id === r.id)).map((r) => r.id);
  const published = await repo.setStatus(db, teamId, ready, 'published');
  return { affected: published.length, published, refused };
}

/** A mass action on the team's activities among `ids`; other ids are ignored. Reports how many changed. */
export async function massActivities(
  db: Db,
  storage: Storage,
  teamId: number,
  action: ActivityMassAction,
  ids: number[],
): Promise<MassResult> {
  const rows = await repo.findActivitiesByIds(db, teamId, [...new Set(ids)]);
  const own = rows.map((r) => r.id);
  switch (action) {
    case 'publish':
      return publishMany(db, teamId, rows);
    case 'unpublish':
      return { affected: (await repo.setStatus(db, teamId, own, 'draft')).length };
    case 'duplicate':
      return { affected: await duplicate(db, storage, teamId, rows) };
    case 'delete':
      if (own.length) await deleteWithSubItems(db, storage, teamId, own, 'ids');
      return { affected: own.length };
  }
}

/** Team members for the instructor select. */
export async function listInstructors(db: Db, teamId: number): Promise<InstructorItem[]> {
  const rows = await repo.listMembers(db, teamId);
  return rows.map((r) => ({ id: r.id, name: `${r.firstname} ${r.lastname}`.trim(), role: r.role }));
}
