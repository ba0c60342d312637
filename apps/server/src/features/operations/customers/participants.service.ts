import {
  PARTICIPANT_STATUS_FILTERS,
  toZonedIso,
  toZonedIsoOrNull,
  type Language,
  type ParticipantFilters as ParticipantFilterOptions,
  type ParticipantRow,
  type ParticipantSortField,
  type ParticipantStatusFilter,
  type Role,
} from '@bookla/shared';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { answeredFieldIds, describeAnswers, type AnswerField } from './answers.ts';
import { readFilters } from './filters.ts';
import * as repo from './participants.repo.ts';
import type { ParticipantDbRow, ParticipantFilters } from './participants.repo.ts';

/**
 * Participants (`/backend/customers/participant`, `nav.customers.participant`): per activity and
 * date, who booked, their order and payment status, check-in and booking-field answers.
 * Instructors hold this permission too (spec §6) but see only the activities they teach: the
 * restriction is part of every query here, so the list, its filters and its export agree.
 */

export interface Viewer {
  teamId: number;
  userId: number | null;
  role: Role;
  timeZone: string;
}

/** Undefined for everyone but instructors: they see the activities they are assigned to. */
export const instructorOf = (viewer: Pick<Viewer, 'role' | 'userId'>): number | undefined =>
  viewer.role === 'instructor' ? (viewer.userId ?? undefined) : undefined;

/** `columnFilters` → the repo's filters; 422 for malformed ids or an unknown status. */
export function participantFilters(columnFilters: Record<string, string>, viewer: Pick<Viewer, 'role' | 'userId'>): ParticipantFilters {
  const read = readFilters(columnFilters);
  const filters = {
    activityId: read.id('activity_id'),
    sessionId: read.id('session_id'),
    status: read.choice<ParticipantStatusFilter>('status', PARTICIPANT_STATUS_FILTERS),
    checkedIn: read.flag('checked_in'),
    search: read.search(),
    instructorId: instructorOf(viewer),
  };
  read.done();
  return filters;
}

/** The booking fields the rows' answers name. */
export function fieldsOf(db: DbOrTx, teamId: number, rows: readonly ParticipantDbRow[]): Promise<Map<number, AnswerField>> {
  const ids = rows.flatMap((r) => [...answeredFieldIds(r.answers), ...answeredFieldIds(r.orderAnswers)]);
  return repo.answerFields(db, teamId, ids);
}

export function toParticipantRow(
  r: ParticipantDbRow,
  fields: ReadonlyMap<number, AnswerField>,
  lang: Language,
  timeZone: string,
): ParticipantRow {
  return {
    id: r.id,
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    order_id: r.orderId,
    order_number: r.orderNumber,
    buyer_name: `${r.buyerFirstname} ${r.buyerLastname}`.trim(),
    buyer_email: r.buyerEmail,
    activity_id: r.activityId,
    activity_name: r.activityName,
    session_id: r.sessionId,
    session_starts_at: toZonedIsoOrNull(r.sessionStartsAt, timeZone),
    ticket_name: r.ticketName,
    payment_status: r.paymentStatus,
    paid_at: toZonedIsoOrNull(r.paidAt, timeZone),
    checked_in_at: toZonedIsoOrNull(r.checkedInAt, timeZone),
    answers: describeAnswers(r.answers, r.orderAnswers, fields, lang),
  };
}

export interface ParticipantListInput {
  page: number;
  perPage: number;
  sort: { field: ParticipantSortField; type: 'asc' | 'desc' };
  columnFilters: Record<string, string>;
}

export async function listParticipants(
  db: Db,
  viewer: Viewer,
  input: ParticipantListInput,
  lang: Language,
): Promise<{ rows: ParticipantRow[]; total: number }> {
  const filters = participantFilters(input.columnFilters, viewer);
  const { rows, total } = await repo.participantPage(db, viewer.teamId, filters, input, lang);
  const fields = await fieldsOf(db, viewer.teamId, rows);
  return { rows: rows.map((r) => toParticipantRow(r, fields, lang, viewer.timeZone)), total };
}

/** What the filters offer: the viewer's activities and, for a chosen one, its dates. */
export async function participantFilterOptions(
  db: Db,
  viewer: Viewer,
  activityId: number | undefined,
  lang: Language,
): Promise<ParticipantFilterOptions> {
  const activities = await repo.filterActivities(db, viewer.teamId, instructorOf(viewer), lang);
  // An activity the viewer may not see (another team's, or not theirs to teach) has no dates here.
  const sessions =
    activityId !== undefined && activities.some((a) => a.id === activityId) ? await repo.filterSessions(db, viewer.teamId, activityId) : [];
  return {
    activities,
    sessions: sessions.map((s) => ({
      id: s.id,
      starts_at: toZonedIso(s.startsAt, viewer.timeZone),
      ends_at: toZonedIso(s.endsAt, viewer.timeZone),
      cancelled: s.status === 'cancelled',
    })),
  };
}
