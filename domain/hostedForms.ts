/** The field types of a form. */
export const FORM_FIELD_TYPES = ['Text', 'Number', 'Date', 'Radio Button', 'Checkbox', 'Dropdown'] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

/**
 * The capturable fields, each with its label, default type and, where the product has
 * one, the contact column it fills. The IP address is captured by the server, never asked. Consent and
 * opt-in is a single checkbox; ticked, it records the opt-in in the consent ledger.
 */
export const CAPTURABLE_FIELDS = [
  { key: 'first_name', label: 'First name', type: 'Text' },
  { key: 'middle_name', label: 'Middle name', type: 'Text' },
  { key: 'last_name', label: 'Last name', type: 'Text' },
  { key: 'full_name', label: 'Full name', type: 'Text' },
  { key: 'email', label: 'Email', type: 'Text' },
  { key: 'phone_number', label: 'Phone number', type: 'Text' },
  { key: 'company_name', label: 'Company name', type: 'Text' },
  { key: 'revenue', label: 'Revenue', type: 'Dropdown' },
  { key: 'location', label: 'Location', type: 'Text' },
  { key: 'job_title', label: 'Job title', type: 'Text' },
  { key: 'address', label: 'Address', type: 'Text' },
  { key: 'industry', label: 'Industry', type: 'Dropdown' },
  { key: 'website_url', label: 'Website URL', type: 'Text' },
  { key: 'social_profiles', label: 'Social profiles', type: 'Text' },
  { key: 'lead_source', label: 'Lead source', type: 'Radio Button' },
  { key: 'country', label: 'Country', type: 'Dropdown' },
  { key: 'consent', label: 'Consent and opt-in', type: 'Checkbox' },
] as const satisfies readonly { key: string; label: string; type: FormFieldType }[];
export type CapturableFieldKey = (typeof CAPTURABLE_FIELDS)[number]['key'];
export const CAPTURABLE_FIELD_KEYS = CAPTURABLE_FIELDS.map((field) => field.key) as [
  CapturableFieldKey,
  ...CapturableFieldKey[],
];

/** Field types that offer a fixed set of choices. */
export const CHOICE_TYPES: readonly FormFieldType[] = ['Radio Button', 'Dropdown'];

export const FORM_NAME_MAX = 120;
export const FORM_FIELD_LABEL_MAX = 120;
export const FORM_OPTION_MAX = 80;
export const FORM_MAX_OPTIONS = 30;
/** The longest answer a text field takes (a posted value longer than this is refused, not cut). */
export const FORM_ANSWER_MAX = 500;
export const FORM_NAME_EXISTS = 'Form with that name already exists';
/** The hidden field bots fill in and people never see (its name looks worth filling to a bot). */
export const HONEYPOT_FIELD = 'website_confirm';

/** One field of a form (validated by formFieldSchema in hostedFormSchemas.ts). */
export type FormField = {
  key: CapturableFieldKey;
  label: string;
  type: FormFieldType;
  required: boolean;
  options: string[];
};

/** The fields a new form starts with: email (required), first and last name, and consent. */
export const DEFAULT_FORM_FIELDS: FormField[] = [
  { key: 'email', label: 'Email', type: 'Text', required: true, options: [] },
  { key: 'first_name', label: 'First name', type: 'Text', required: false, options: [] },
  { key: 'last_name', label: 'Last name', type: 'Text', required: false, options: [] },
  {
    key: 'consent',
    label: 'Yes, send me news and offers by email. I can unsubscribe at any time.',
    type: 'Checkbox',
    required: false,
    options: [],
  },
];

/** A form as the workbench lists it ("Form"). */
export type FormSummary = {
  id: number;
  name: string;
  campaign_id: number | null;
  campaign_name: string | null;
  list_id: number | null;
  list_name: string | null;
  fields: FormField[];
  created_at: string;
  updated_at: string;
  created_by: string | null;
  updated_by: string | null;
  /** The hosted form's public address. */
  form_url: string;
  /** How many times it was submitted. */
  submissions: number;
};

/** A submission as the workbench lists it ("Submission contact"). */
export type FormSubmission = {
  contact_id: number | null;
  first_name: string;
  last_name: string;
  full_name: string;
  email: string;
  created_on: string;
  /** The submission's own id. */
  person_id: number;
  origin: string | null;
  origin_domain: string | null;
  consent: boolean;
  /** The contact's unsubscribe id (their consent ledger), when they have a preference record. */
  unsub_uuid: string | null;
};

/** A hosted form as its public page needs it (no ids of the organisation's data). */
export type HostedForm = {
  publicId: string;
  name: string;
  organisationName: string;
  logoUrl: string | null;
  privacyUrl: string | null;
  fields: FormField[];
};

/** The answers of a posted form by field key, as text (a checkbox: "1" when ticked). */
export type FormAnswers = Record<string, string>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Reads a posted form against its fields: the answers (trimmed text, "1" for a ticked box) and, by field
 * key, what is wrong. Unknown posted names are ignored.
 */
export function readFormAnswers(
  fields: readonly FormField[],
  posted: Record<string, string | string[] | undefined>,
): { answers: FormAnswers; errors: Record<string, string> } {
  const answers: FormAnswers = {};
  const errors: Record<string, string> = {};
  for (const field of fields) {
    const raw = posted[field.key];
    const text = (Array.isArray(raw) ? (raw[0] ?? '') : (raw ?? '')).trim();
    if (field.type === 'Checkbox') {
      const ticked = text !== '' && text !== '0';
      answers[field.key] = ticked ? '1' : '0';
      if (field.required && !ticked) errors[field.key] = `Tick “${field.label}” to go on.`;
      continue;
    }
    answers[field.key] = text;
    if (text === '') {
      if (field.required) errors[field.key] = `${field.label} is required.`;
      continue;
    }
    if (text.length > FORM_ANSWER_MAX)
      errors[field.key] = `${field.label} is at most ${FORM_ANSWER_MAX} characters.`;
    else if (field.key === 'email' && !EMAIL.test(text))
      errors[field.key] = 'Enter an email address such as name@example.com.';
    else if (field.type === 'Number' && !/^-?\d+(\.\d+)?$/.test(text))
      errors[field.key] = `${field.label} must be a number.`;
    else if (field.type === 'Date' && (!DATE.test(text) || Number.isNaN(Date.parse(text))))
      errors[field.key] = `${field.label} must be a date (YYYY-MM-DD).`;
    else if (CHOICE_TYPES.includes(field.type) && !field.options.includes(text))
      errors[field.key] = `Choose one of the options for ${field.label}.`;
  }
  return { answers, errors };
}
