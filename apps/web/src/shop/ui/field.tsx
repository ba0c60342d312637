import type { ReactNode } from 'react';

/** The element id of a form path (`participants.0.answers.12` → `f-participants-0-answers-12`), so errors find their field. */
export const fieldId = (path: string) => `f-${path.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
  'aria-required': true | undefined;
}

interface FieldProps {
  path: string;
  label: string;
  error?: string | undefined;
  help?: string | undefined;
  required?: boolean | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** A label, the control, its help and its error, tied together for screen readers. */
export function Field({ path, label, error, help, required, children }: FieldProps) {
  const id = fieldId(path);
  const describedBy = [help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'field field-invalid' : 'field'}>
      <label htmlFor={id}>
        {label}
        {required && (
          <span className="required" aria-hidden="true">
            {' *'}
          </span>
        )}
      </label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
        'aria-required': required ? true : undefined,
      })}
      {help && (
        <p id={`${id}-help`} className="help">
          {help}
        </p>
      )}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={id} className="error">
      {error}
    </p>
  ) : null;
}
