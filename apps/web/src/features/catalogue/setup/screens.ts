/** The screens of this feature, loaded together when the first one shows (index.ts exports them lazily). */
export { DefaultsForm } from './components/defaults-form';
export { HolidaysPanel } from './components/holidays-panel';
export { FieldsTab } from './components/fields-tab';
export { AttributeFields } from './components/attribute-fields';
export { FieldFields } from './components/field-fields';
export { LocationFields } from './components/location-fields';
export { ProductFields } from './components/product-fields';
export { TypeSetCreateModal } from './components/type-set-create-modal';
export { TypeSetFields } from './components/type-set-fields';
export { SetupList } from './components/setup-list';
export { SetupRecordForm } from './components/setup-record-form';
