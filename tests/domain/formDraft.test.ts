import { describe, expect, it } from 'vitest';
import {
  addFormField,
  changeFormField,
  fieldsLeft,
  formFieldsProblem,
  moveFormField,
  optionsFromText,
  removeFormField,
} from '../../domain/formDraft.ts';
import { DEFAULT_FORM_FIELDS, readFormAnswers } from '../../domain/hostedForms.ts';

describe('form drafts', () => {
  it('starts valid, adds a field once with its type and starter options, and offers only the fields left', () => {
    expect(formFieldsProblem(DEFAULT_FORM_FIELDS)).toBeNull();
    const withCountry = addFormField(DEFAULT_FORM_FIELDS, 'country');
    expect(withCountry.at(-1)).toMatchObject({ key: 'country', type: 'Dropdown', required: false });
    expect(withCountry.at(-1)?.options.length).toBeGreaterThan(1);
    expect(formFieldsProblem(withCountry)).toBeNull();
    expect(addFormField(withCountry, 'country')).toHaveLength(withCountry.length);
    expect(fieldsLeft(withCountry).map((f) => f.key)).not.toContain('country');
    expect(fieldsLeft(withCountry).map((f) => f.key)).not.toContain('email');
  });

  it('changes, moves and removes fields; the email cannot go; a choice type gets options, others lose them', () => {
    const fields = addFormField(DEFAULT_FORM_FIELDS, 'job_title');
    const asDropdown = changeFormField(fields, 'job_title', { type: 'Dropdown' });
    expect(asDropdown.at(-1)?.options).toEqual(['Yes', 'No']);
    expect(changeFormField(asDropdown, 'job_title', { type: 'Text' }).at(-1)?.options).toEqual([]);
    expect(
      moveFormField(fields, 'first_name', -1)
        .map((f) => f.key)
        .slice(0, 2),
    ).toEqual(['first_name', 'email']);
    expect(moveFormField(fields, 'email', -1)).toEqual(fields);
    expect(removeFormField(fields, 'email')).toEqual(fields);
    expect(removeFormField(fields, 'job_title').map((f) => f.key)).not.toContain('job_title');
  });

  it('reads options from one box and names what is wrong with a draft', () => {
    expect(optionsFromText('Search, A friend\n\nSearch\n Events ')).toEqual(['Search', 'A friend', 'Events']);
    const oneOption = changeFormField(addFormField(DEFAULT_FORM_FIELDS, 'lead_source'), 'lead_source', {
      options: ['Only'],
    });
    expect(formFieldsProblem(oneOption)).toBe('“Lead source” needs at least two options.');
    expect(formFieldsProblem(changeFormField(DEFAULT_FORM_FIELDS, 'first_name', { label: ' ' }))).toBe(
      'Each field needs a label.',
    );
  });
});

describe('readFormAnswers', () => {
  const fields = changeFormField(
    addFormField(addFormField(DEFAULT_FORM_FIELDS, 'lead_source'), 'phone_number'),
    'lead_source',
    { required: true },
  );
  it('trims answers, reads a ticked box as 1 and an unticked one as 0', () => {
    const { answers, errors } = readFormAnswers(fields, {
      email: ' ada@example.com ',
      consent: 'on',
      lead_source: 'Search',
    });
    expect(errors).toEqual({});
    expect(answers).toMatchObject({
      email: 'ada@example.com',
      consent: '1',
      lead_source: 'Search',
      phone_number: '',
    });
    expect(readFormAnswers(fields, { email: 'a@b.co', lead_source: 'Search' }).answers.consent).toBe('0');
  });

  it('names each problem by field: required, email shape, unknown choice, too long', () => {
    const { errors } = readFormAnswers(fields, {
      email: 'nope',
      lead_source: 'Telepathy',
      first_name: 'x'.repeat(501),
    });
    expect(errors).toEqual({
      email: 'Enter an email address such as name@example.com.',
      lead_source: 'Choose one of the options for Lead source.',
      first_name: 'First name is at most 500 characters.',
    });
    expect(readFormAnswers(fields, {}).errors).toMatchObject({
      email: 'Email is required.',
      lead_source: 'Lead source is required.',
    });
  });
});
