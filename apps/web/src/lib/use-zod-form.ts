import { toNestErrors } from '@hookform/resolvers';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm, type FieldError, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import './forms';

/** A schema a form can be checked with: an object's input and output. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

export type ZodFormOptions<S extends FormSchema> = Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, 'resolver'>;

/** For a form whose values are not the request body (selects hold strings, lists hold rows, …). */
export type MappedZodFormOptions<V extends FieldValues> = Omit<UseFormProps<V>, 'resolver'> & {
  /** The form's values as the request body the schema checks (the same function the submit sends). */
  toInput: (values: V) => unknown;
  /**
   * Where an issue at a body path shows in the form (`visible_if.values` → `condition_values`);
   * the form's values tell which input is shown when that depends on them.
   */
  errorPath?: (path: string, values: V) => string;
};

/**
 * The one way a form uses its shared schema (@bookla/shared): the zod resolver with its input and
 * output types carried through, so no form casts between them. Messages are `validation:*` keys
 * (the global error map in ./forms); the fields translate them.
 *
 * - `useZodForm(schema, options)`: the form's values are the schema's input; the submit handler
 *   gets the schema's output.
 * - `useZodForm(schema, { toInput, errorPath, ... })`: the form keeps its own value shape; the
 *   check runs on `toInput(values)` (the request body), issues land on the form's fields, and the
 *   submit handler gets the form's values unchanged (the caller sends `toInput(values)`: what the
 *   user typed, not a transform's result such as basis points).
 *
 * A team-dependent schema (`locationSchema(languages)`) must be memoized by the caller, and
 * `toInput` / `errorPath` be stable functions (module-level), or the resolver is made anew.
 */
export function useZodForm<S extends FormSchema>(schema: S, options?: ZodFormOptions<S>): UseFormReturn<z.input<S>, unknown, z.output<S>>;
export function useZodForm<V extends FieldValues>(schema: z.ZodType, options: MappedZodFormOptions<V>): UseFormReturn<V>;
export function useZodForm(
  schema: z.ZodType,
  options: (Omit<UseFormProps, 'resolver'> & Partial<MappedZodFormOptions<FieldValues>>) | undefined = {},
): UseFormReturn {
  const { toInput, errorPath, ...formOptions } = options;
  const resolver = useMemo(
    () => (toInput ? mappedResolver(schema, toInput, errorPath) : (zodResolver(schema as FormSchema) as Resolver)),
    [schema, toInput, errorPath],
  );
  return useForm({ ...formOptions, resolver });
}

function mappedResolver(
  schema: z.ZodType,
  toInput: (values: FieldValues) => unknown,
  errorPath: (path: string, values: FieldValues) => string = (path) => path,
): Resolver {
  return async (values, _context, options) => {
    const result = await schema.safeParseAsync(toInput(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const path = errorPath(issue.path.map(String).join('.'), values);
      errors[path] ??= { message: issue.message, type: issue.code };
    }
    return { values: {}, errors: toNestErrors(errors, options) };
  };
}
