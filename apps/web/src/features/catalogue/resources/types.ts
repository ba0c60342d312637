import type { ResourceKind } from '@bookla/shared/catalogue-model';
import type { Translated } from '@bookla/shared/i18n';

/** Resource groups as the setup screens read them, and the sessions that book their resources. */

export interface ResourceItem {
  id: number;
  name: Translated;
  name_text?: string;
  capacity: number;
}

export interface ResourceGroupRecord {
  id: number;
  name: Translated;
  name_text?: string;
  kind: ResourceKind;
  resources: ResourceItem[];
}

/** A session that uses one of a group's resources (`GET /api/sa/resources/:id/bookings`). */
export interface ResourceBooking {
  id: number;
  activity_id: number;
  title: string;
  status: 'scheduled' | 'cancelled';
  starts_at: string;
  ends_at: string;
  location: string | null;
  /** Needs more of a resource than it has, together with overlapping sessions. */
  conflict: boolean;
  resources: { resource_id: number; name: string; quantity: number }[];
}
