/** What other features may use of the catalogue setup (type sets, attributes, fields, products, locations, defaults, holidays). */
export { RESOURCES, setupKeys } from './api/setup-api';
export { numberOrNull, type NumberValue, type TextValues } from './form-values';
