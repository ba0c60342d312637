import {
  bpToPercent,
  compactTranslated,
  fillMissingTranslations,
  type ActivityDefaults,
  type ActivityDefaultsBody,
  type Language,
} from '@bookla/shared';
import type { Db, DbOrTx } from '../../../db/client.ts';
import { validationError } from '../../../lib/app-error.ts';
import * as repo from './defaults.repo.ts';
import type { ActivityDefaultsRow } from './defaults.repo.ts';
import { findLocation } from './locations.repo.ts';

/** A team's course defaults (`/backend/config/course/defaults`), applied to every new activity. */

function toReply(row: ActivityDefaultsRow): ActivityDefaults {
  return {
    tax_rate: bpToPercent(row.taxRateBp),
    reservation_minutes: row.reservationMinutes,
    booking_closes_minutes: row.bookingClosesMinutes,
    cancellation_policy: row.cancellationPolicy,
    waiting_list: row.waitingList,
    location_id: row.locationId,
    capacity: row.capacity,
    session_minutes: row.sessionMinutes,
  };
}

export async function getDefaults(db: Db, teamId: number): Promise<ActivityDefaults> {
  return toReply(await repo.ensureDefaults(db, teamId));
}

export async function saveDefaults(
  db: Db,
  team: { id: number; languages: Language[] },
  body: ActivityDefaultsBody,
): Promise<ActivityDefaults> {
  if (body.location_id !== null && !(await findLocation(db, team.id, body.location_id))) {
    throw validationError({ location_id: ['activities:validation.location_not_found'] });
  }
  const row = await repo.upsertDefaults(db, team.id, {
    taxRateBp: body.tax_rate,
    reservationMinutes: body.reservation_minutes,
    bookingClosesMinutes: body.booking_closes_minutes,
    cancellationPolicy: fillMissingTranslations(compactTranslated(body.cancellation_policy), team.languages),
    waitingList: body.waiting_list,
    locationId: body.location_id,
    capacity: body.capacity,
    sessionMinutes: body.session_minutes,
  });
  return toReply(row);
}

/** What a new activity takes over from the defaults (nothing when the team never set them). */
export async function defaultsForNewActivity(db: DbOrTx, teamId: number) {
  const row = await repo.findDefaults(db, teamId);
  if (!row) return {};
  return {
    reservationMinutes: row.reservationMinutes,
    bookingClosesMinutes: row.bookingClosesMinutes,
    cancellationPolicy: row.cancellationPolicy,
    waitingList: row.waitingList,
    locationId: row.locationId,
    capacity: row.capacity,
  };
}
