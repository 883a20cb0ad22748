import { type ChangeEvent, type FormEvent, useCallback, useRef, useState } from 'react';
import type { z } from 'zod';
import { type FieldErrors, validateFields } from '../../domain/fieldErrors.ts';

export type FieldBinding = {
  name: string;
  value: string;
  error: string | undefined;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
};

/**
 * Form state checked by a shared zod schema (domain): inline errors appear when a filled field is
 * left or the form is submitted, and clear as the person fixes them. The form (src/ui/Form.tsx) focuses
 * the first invalid field after a failed submit. `check` adds rules the schema cannot see (a password
 * confirmation).
 */
export function useFormFields<K extends string, S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  initial: Record<K, string>,
  check?: (values: Record<K, string>) => FieldErrors<K>,
) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors<K>>({});
  const submitted = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);

  const errorsFor = useCallback(
    (next: Record<K, string>): FieldErrors<K> => {
      const result = validateFields(schema, next);
      const schemaErrors = (result.ok ? {} : result.errors) as FieldErrors<K>;
      return { ...schemaErrors, ...(check ? check(next) : {}) };
    },
    [schema, check],
  );

  const field = (name: K): FieldBinding => ({
    name,
    value: values[name],
    error: errors[name],
    onChange: (event) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (submitted.current || errors[name]) {
        const nextError = errorsFor(next)[name];
        setErrors((prev) => ({ ...prev, [name]: nextError }));
      }
    },
    onBlur: () => {
      if (!submitted.current && values[name] === '') return;
      const nextError = errorsFor(values)[name];
      setErrors((prev) => ({ ...prev, [name]: nextError }));
    },
  });

  /** Call from onSubmit: prevents the page load, returns the parsed values or null (errors shown). */
  const submit = (event: FormEvent<HTMLFormElement>): z.output<S> | null => {
    event.preventDefault();
    submitted.current = true;
    const all = errorsFor(values);
    const hasErrors = Object.values(all).some(Boolean);
    setErrors(all);
    if (hasErrors) return null;
    const result = validateFields(schema, values);
    return result.ok ? result.data : null;
  };

  return { values, errors, field, submit, formRef };
}
