import type { PublicActivity } from '@bookla/shared/catalogue-tickets';

/** A page of the public activity list (CONTRACT §2 lists). */
export interface ActivityPage {
  data: PublicActivity[];
  meta: { current_page: number; last_page: number; per_page: number; from: number | null; to: number | null; total: number };
}
