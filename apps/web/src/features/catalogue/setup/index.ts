/** What other features may use of the catalogue setup (type sets, attributes, fields, products, locations, defaults, holidays). */
import type { SetupList as SetupListType } from './components/setup-list';
import type { SetupRecordForm as SetupRecordFormType } from './components/setup-record-form';
import { lazyNamed } from '../../../lib/lazy-named';
export { RESOURCES, setupKeys } from './api/setup-api';
export { useLocationOptions, useTypeSetOptions } from './api/setup-options';
export {
  numberOrNull,
  type NumberValue,
  type TextValues,
  attributeBody,
  attributeToValues,
  blankAttribute,
  type AttributeValues,
  blankField,
  fieldBody,
  fieldErrorPath,
  fieldToValues,
  type FieldValuesForm,
  blankTypeSet,
  typeSetBody,
  typeSetToValues,
  type TypeSetValues,
} from './form-values';
export { useRecordId } from './use-record-id';
export {
  blankLocation,
  locationBody,
  locationToValues,
  type LocationValues,
  blankProduct,
  productBody,
  productToValues,
  type ProductValues,
} from './record-values';
export { moneyText } from './format';

// Screens load with the first one shown (lib/lazy-named.ts).
const screens = () => import('./screens');
export const DefaultsForm = lazyNamed(screens, 'DefaultsForm');
export const HolidaysPanel = lazyNamed(screens, 'HolidaysPanel');
export const FieldsTab = lazyNamed(screens, 'FieldsTab');
export const AttributeFields = lazyNamed(screens, 'AttributeFields');
export const FieldFields = lazyNamed(screens, 'FieldFields');
export const LocationFields = lazyNamed(screens, 'LocationFields');
export const ProductFields = lazyNamed(screens, 'ProductFields');
export const TypeSetCreateModal = lazyNamed(screens, 'TypeSetCreateModal');
export const TypeSetFields = lazyNamed(screens, 'TypeSetFields');
// Generic components (typed by the record they list or edit): lazy too, typed as themselves.
export const SetupList = lazyNamed(screens, 'SetupList') as unknown as typeof SetupListType;
export const SetupRecordForm = lazyNamed(screens, 'SetupRecordForm') as unknown as typeof SetupRecordFormType;
