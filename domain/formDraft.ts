import { formFieldsSchema } from './hostedFormSchemas.ts';
import {
  CAPTURABLE_FIELDS,
  type CapturableFieldKey,
  CHOICE_TYPES,
  type FormField,
  type FormFieldType,
} from './hostedForms.ts';

/** Choices a new choice field starts with, so it is valid at once and the person edits them. */
const STARTER_OPTIONS: Partial<Record<CapturableFieldKey, string[]>> = {
  revenue: ['Under $1M', '$1M–$10M', '$10M–$100M', 'Over $100M'],
  industry: ['Software', 'Finance', 'Healthcare', 'Retail', 'Other'],
  lead_source: ['Search', 'Social media', 'A colleague', 'An event'],
  country: ['United Kingdom', 'United States', 'Germany', 'France', 'Other'],
};

/** The capturable fields not on the form yet, in the spec's order. */
export function fieldsLeft(fields: readonly FormField[]) {
  const used = new Set(fields.map((field) => field.key));
  return CAPTURABLE_FIELDS.filter((field) => !used.has(field.key));
}

/** The form with a capturable field added at the end (its label, default type and starter options). */
export function addFormField(fields: readonly FormField[], key: CapturableFieldKey): FormField[] {
  const known = CAPTURABLE_FIELDS.find((field) => field.key === key);
  if (!known || fields.some((field) => field.key === key)) return [...fields];
  const type: FormFieldType = known.type;
  return [
    ...fields,
    {
      key,
      label: known.label,
      type,
      required: false,
      options: CHOICE_TYPES.includes(type) ? (STARTER_OPTIONS[key] ?? ['Yes', 'No']) : [],
    },
  ];
}

/** The form with one field changed; a choice type keeps (or starts) its options, others drop them. */
export function changeFormField(
  fields: readonly FormField[],
  key: string,
  patch: Partial<FormField>,
): FormField[] {
  return fields.map((field) => {
    if (field.key !== key) return field;
    const next = { ...field, ...patch };
    if (!CHOICE_TYPES.includes(next.type)) next.options = [];
    else if (next.options.length === 0) next.options = STARTER_OPTIONS[next.key] ?? ['Yes', 'No'];
    return next;
  });
}

/** The form with a field moved one place up (-1) or down (+1); at an end nothing moves. */
export function moveFormField(fields: readonly FormField[], key: string, by: -1 | 1): FormField[] {
  const index = fields.findIndex((field) => field.key === key);
  const target = index + by;
  if (index < 0 || target < 0 || target >= fields.length) return [...fields];
  const next = [...fields];
  [next[index], next[target]] = [next[target] as FormField, next[index] as FormField];
  return next;
}

/** The form without a field (the email stays: every form asks for it). */
export function removeFormField(fields: readonly FormField[], key: string): FormField[] {
  return key === 'email' ? [...fields] : fields.filter((field) => field.key !== key);
}

/** The options of a choice field as typed in one box: one per line or comma, blanks dropped. */
export function optionsFromText(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\n,]/)
        .map((option) => option.trim())
        .filter(Boolean),
    ),
  ];
}

/** What is wrong with a draft's fields, in words (the server's own rules), or null. */
export function formFieldsProblem(fields: readonly FormField[]): string | null {
  const checked = formFieldsSchema.safeParse(fields);
  return checked.success ? null : (checked.error.issues[0]?.message ?? 'The fields are not valid.');
}
