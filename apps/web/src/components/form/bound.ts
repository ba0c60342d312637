import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { translateValidation } from '../../lib/forms';

/**
 * Mantine inputs bound to react-hook-form, for the account screens and the back office alike.
 * The `error` prop gives the input `aria-invalid` and links the message with
 * `aria-describedby`; the ref lets the form focus the first invalid field. Client messages are
 * validation keys (`required`, `min_string|{"min":8}`) or `ns:key` messages of the shared schemas
 * (`auth:password_mismatch`), translated in the current UI language; server messages arrive
 * translated and pass through unchanged.
 *
 * One module per kind of field, so a chunk gets only the Mantine inputs it shows (the login
 * screen has no selects, the registration no switches).
 */
export interface Bound<T extends FieldValues> {
  control: Control<T>;
  name: FieldPath<T>;
}

/** Props the binding sets; the rest are the Mantine input's own. */
export type Managed = 'name' | 'value' | 'defaultValue' | 'onChange' | 'error' | 'checked';

export function useBound<T extends FieldValues>({ control, name }: Bound<T>) {
  useTranslation(); // re-render on a language switch, so the message follows
  const {
    field: { ref, name: fieldName, onBlur, value, onChange },
    fieldState,
  } = useController({ control, name });
  return {
    value: value as unknown,
    onChange: onChange as (value: unknown) => void,
    /** To spread onto the input after its own props. */
    input: { ref, name: fieldName, onBlur, error: translateValidation(fieldState.error?.message) || undefined },
  };
}
