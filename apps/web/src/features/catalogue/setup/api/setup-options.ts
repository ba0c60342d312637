import { locationItemSchema, typeSetItemSchema } from '@bookla/shared/catalogue';
import { useLang } from '../../../../lib/language';
import { useAllOptions } from '../../../../lib/list/use-all-options';
import { RESOURCES, setupKeys } from './setup-api';

const TYPE_SET_OPTIONS = '/api/course/type_sets';

/** Type sets for selects (activities, the calendar's filters). */
export function useTypeSetOptions(enabled = true) {
  const lang = useLang();
  // The spec's short list of names (`GET /api/course/type_sets`), cached with the type sets.
  return useAllOptions({
    queryKey: setupKeys.options(RESOURCES.typeSets, lang, TYPE_SET_OPTIONS),
    path: TYPE_SET_OPTIONS,
    item: typeSetItemSchema,
    enabled,
  });
}

/** Locations for selects; `enabled` false for roles without `nav.locations`. */
export function useLocationOptions(enabled = true) {
  const lang = useLang();
  return useAllOptions({
    queryKey: setupKeys.options(RESOURCES.locations, lang),
    path: RESOURCES.locations.listPath,
    item: locationItemSchema,
    enabled,
  });
}
