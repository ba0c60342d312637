import type { PublicActivity } from '@bookla/shared/catalogue-tickets';

/** Reply shapes of the public calls that have no shared schema (yet): as the brief fixes them. */

/** `GET /api/public/teams/:teamId/filters?lang=` */
export interface ShopFilters {
  type_sets: { id: number; name: string }[];
  locations: { id: number; name: string; city: string }[];
  attributes: { id: number; name: string; type: string; options: { value: string; label: string }[] }[];
}

/** `GET /api/public/test-payments/:id?token=` */
export interface TestPayment {
  amount: number;
  currency: string;
  team_name: string;
  order_number: number;
  status: string;
}

/** A page of the public activity list (CONTRACT §2 lists). */
export interface ActivityPage {
  data: PublicActivity[];
  meta: { current_page: number; last_page: number; per_page: number; from: number | null; to: number | null; total: number };
}
