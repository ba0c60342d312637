import type { ResourceKind } from '@bookla/shared/catalogue-model';
import type { Language } from '@bookla/shared/i18n';
import { emptyTranslated, toTranslatedForm } from '../../../components/form/translated-fields';
import { numberOrNull, type NumberValue, type TextValues } from '../setup';
import type { ResourceGroupItem } from '@bookla/shared/catalogue-timetable';

/** Form values and request bodies of a resource group. */

export interface ResourceGroupValues {
  name: TextValues;
  kind: ResourceKind;
  resources: { id?: number; name: TextValues; capacity: NumberValue }[];
}

export const blankResourceGroup = (languages: readonly Language[]): ResourceGroupValues => ({
  name: emptyTranslated(languages),
  kind: 'room',
  resources: [],
});

export const resourceGroupToValues = (g: ResourceGroupItem, languages: readonly Language[]): ResourceGroupValues => ({
  name: toTranslatedForm(g.name, languages),
  kind: g.kind,
  resources: (g.resources ?? []).map((r) => ({ id: r.id, name: toTranslatedForm(r.name, languages), capacity: r.capacity })),
});

/** A new group is created with its name and kind; its resources are edited on its screen. */
export const resourceGroupBody = (v: ResourceGroupValues, create: boolean) =>
  create
    ? { name: v.name, kind: v.kind }
    : {
        name: v.name,
        kind: v.kind,
        resources: v.resources.map((r) => ({ ...(r.id ? { id: r.id } : {}), name: r.name, capacity: numberOrNull(r.capacity) })),
      };
