import type { ActivityListItem } from '@bookla/shared/catalogue';
import type { ActivityDetail } from '@bookla/shared/catalogue-activities';
import type { ListMeta } from '@bookla/shared/pagination';

/** Test data of the activities screens, shaped like the API's replies. */

export function makeActivityRow(id: number, name: string, overrides: Partial<ActivityListItem> = {}): ActivityListItem {
  return {
    id,
    name: { de: `${name} DE`, en: name },
    name_text: name,
    kind: 'course',
    type: { id: 1, name: 'Course' },
    parent: null,
    location: { id: 5, name: 'Studio Enge' },
    instructor: null,
    media: { header_image: null },
    timetables: [],
    tickets: [],
    participants: { paid: 0 },
    status: 'draft',
    created_at: '2026-03-01T10:00:00+01:00',
    next_session: null,
    sold: 0,
    stock: 0,
    ...overrides,
  };
}

export function listReply<T>(rows: T[], page = 1, perPage = 10, total = rows.length) {
  const meta: ListMeta = {
    current_page: page,
    last_page: Math.max(1, Math.ceil(total / perPage)),
    per_page: perPage,
    from: total ? (page - 1) * perPage + 1 : null,
    to: total ? (page - 1) * perPage + rows.length : null,
    total,
  };
  return { data: rows, meta, links: { first: '', last: '', prev: null, next: null } };
}

export function makeActivityDetail(id: number, overrides: Partial<ActivityDetail> = {}): ActivityDetail {
  return {
    id,
    kind: 'course',
    status: 'draft',
    type_set: { id: 1, name: 'Course' },
    parent_id: null,
    name: { de: 'Yoga für alle', en: 'Yoga for everyone' },
    name_text: 'Yoga for everyone',
    description: {},
    location_id: null,
    instructor_ids: [],
    header_image: null,
    booking_opens_at: null,
    booking_closes_minutes: 0,
    waiting_list: false,
    cancellation_policy: {},
    reservation_minutes: 15,
    capacity: null,
    attributes: [],
    can_edit: true,
    published_at: null,
    created_at: '2026-03-01T10:00:00+01:00',
    updated_at: '2026-03-01T10:00:00+01:00',
    ...overrides,
  };
}
