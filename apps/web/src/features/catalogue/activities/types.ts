import type { AttributeType, ChoiceOption } from '@bookla/shared/catalogue-model';
import type { CourseListItem } from '@bookla/shared/catalogue';
import type { Translated } from '@bookla/shared/i18n';

/** Records of the activities area as the API replies with them (docs/api/catalogue.md). */

/** A row of `GET /api/courses`: the list item plus the totals of the catalogue issue. */
export type CourseRow = CourseListItem & {
  next_session?: string | null;
  sold?: number;
  stock?: number;
};

export interface Success {
  success: boolean;
  message?: string;
}

export interface ListMeta {
  current_page: number;
  last_page: number;
  per_page: number;
  from: number | null;
  to: number | null;
  total: number;
}

export interface CourseListParams {
  page: number;
  perPage: number;
  sort: { field: string; type: 'asc' | 'desc' };
  filters: CourseFilters;
}

export interface CourseFilters {
  name: string;
  status: string;
  type_set_id: string;
  location_id: string;
}

export interface TypeSetOption {
  id: number;
  name: string;
  kind: string;
}

export interface LocationOption {
  id: number;
  name_text: string;
}

export interface InstructorOption {
  id: number;
  name: string;
  role: string;
}

/**
 * One attribute of the activity's type set with its value (`GET /api/courses/:id/attributes`).
 * `value` depends on `type`: text/date string, number, boolean, select string, multiselect string[].
 */
export interface CourseAttribute {
  attribute_id: number;
  type: AttributeType;
  label: Translated | string;
  label_text?: string;
  options?: ChoiceOption[];
  required?: boolean;
  value: unknown;
}
