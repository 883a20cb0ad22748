import { countOf } from '../domain/countOf.ts';
import { type FormField, HONEYPOT_FIELD, type HostedForm } from '../domain/hostedForms.ts';
import { Form } from '../src/ui/Form.tsx';
import { PublicShell } from './PublicShell.tsx';

/** What the server renders a hosted form with: the form, what was posted and what was wrong with it. */
export type HostedFormPageData = {
  form: HostedForm;
  values: Record<string, string>;
  errors: Record<string, string>;
  /** The form was sent (the page after a successful post). */
  submitted: boolean;
};

const fieldId = (field: FormField) => `hf-${field.key}`;

/** One field: a labelled input of its type, its error linked to it. */
function HostedFormField({
  field,
  value,
  error,
}: {
  field: FormField;
  value: string;
  error: string | undefined;
}) {
  const id = fieldId(field);
  const errorId = `${id}-error`;
  const described = error ? { 'aria-describedby': errorId, 'aria-invalid': true as const } : {};
  const label = (
    <>
      {field.label}
      {field.required ? <span className="pp-hf__required"> (required)</span> : null}
    </>
  );
  const errorLine = error ? (
    <p className="pp-hf__error" id={errorId}>
      {error}
    </p>
  ) : null;

  if (field.type === 'Checkbox')
    return (
      <div className="pp-hf__field pp-hf__field--check">
        <input
          className="pp-checkbox"
          type="checkbox"
          id={id}
          name={field.key}
          value="1"
          defaultChecked={value === '1'}
          required={field.required}
          {...described}
        />
        <label className="pp-hf__check-label" htmlFor={id}>
          {label}
        </label>
        {errorLine}
      </div>
    );
  if (field.type === 'Radio Button')
    return (
      <fieldset className="pp-hf__field pp-hf__group" {...described}>
        <legend className="pp-hf__label">{label}</legend>
        {field.options.map((option, index) => (
          <div className="pp-option" key={option}>
            <input
              className="pp-checkbox pp-checkbox--small"
              type="radio"
              id={`${id}-${index}`}
              name={field.key}
              value={option}
              defaultChecked={value === option}
              required={field.required}
            />
            <label htmlFor={`${id}-${index}`}>{option}</label>
          </div>
        ))}
        {errorLine}
      </fieldset>
    );
  return (
    <div className="pp-hf__field">
      <label className="pp-hf__label" htmlFor={id}>
        {label}
      </label>
      {field.type === 'Dropdown' ? (
        <select
          className="pp-hf__input"
          id={id}
          name={field.key}
          defaultValue={value}
          required={field.required}
          {...described}
        >
          <option value="">Choose…</option>
          {field.options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      ) : (
        <input
          className="pp-hf__input"
          id={id}
          name={field.key}
          type={
            field.key === 'email'
              ? 'email'
              : field.type === 'Number'
                ? 'number'
                : field.type === 'Date'
                  ? 'date'
                  : 'text'
          }
          autoComplete={AUTOCOMPLETE[field.key]}
          defaultValue={value}
          required={field.required}
          {...described}
        />
      )}
      {errorLine}
    </div>
  );
}

const AUTOCOMPLETE: Partial<Record<FormField['key'], string>> = {
  email: 'email',
  first_name: 'given-name',
  middle_name: 'additional-name',
  last_name: 'family-name',
  full_name: 'name',
  phone_number: 'tel',
  company_name: 'organization',
  job_title: 'organization-title',
  address: 'street-address',
  country: 'country-name',
  website_url: 'url',
};

/**
 * /f/{public id}: a hosted sign-up form, server-rendered and working as a plain HTML form (JavaScript
 * off included): it posts to its own address, which answers with the thanks, or with the form again and
 * what was wrong (a summary at the top, each message beside its field). A hidden field catches bots.
 */
export function HostedFormPage({ data }: { data: HostedFormPageData }) {
  const { form, values, errors, submitted } = data;
  const problems = form.fields.filter((field) => errors[field.key]);
  if (submitted)
    return (
      <PublicShell width="box" logoUrl={form.logoUrl} organisationName={form.organisationName}>
        <div className="pp-check" aria-hidden="true">
          ✓
        </div>
        <h1 className="pp-title">Thank you</h1>
        <p className="pp-text" role="status">
          {form.organisationName} has your details.
        </p>
      </PublicShell>
    );
  return (
    <PublicShell width="box" logoUrl={form.logoUrl} organisationName={form.organisationName}>
      <h1 className="pp-title">{form.name}</h1>
      <p className="pp-text pp-text--muted">From {form.organisationName}.</p>
      {problems.length > 0 ? (
        <div className="pp-form-error" role="alert">
          <p>Please check {countOf(problems.length, 'field', 'fields')}:</p>
          <ul>
            {problems.map((field) => (
              <li key={field.key}>
                <a href={`#${fieldId(field)}`}>{errors[field.key]}</a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <Form
        className="pp-form pp-hf"
        method="post"
        action={`/f/${form.publicId}`}
        noValidate
        revealErrorsOnMount={problems.length > 0}
      >
        {form.fields.map((field) => (
          <HostedFormField
            key={field.key}
            field={field}
            value={values[field.key] ?? ''}
            error={errors[field.key]}
          />
        ))}
        <div className="pp-hf__trap" aria-hidden="true">
          <label htmlFor="hf-trap">Leave this empty</label>
          <input
            id="hf-trap"
            type="text"
            name={HONEYPOT_FIELD}
            tabIndex={-1}
            autoComplete="off"
            defaultValue=""
          />
        </div>
        <div className="pp-actions">
          <button className="pp-button" type="submit">
            Submit
          </button>
        </div>
        {form.privacyUrl ? (
          <p className="pp-text pp-text--muted pp-hf__privacy">
            How {form.organisationName} uses your details: <a href={form.privacyUrl}>privacy policy</a>.
          </p>
        ) : null}
      </Form>
    </PublicShell>
  );
}
