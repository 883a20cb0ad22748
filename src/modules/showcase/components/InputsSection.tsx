import { useState } from 'react';
import { normaliseSearchTerm } from '../../../../domain/normaliseSearchTerm.ts';
import { stripLeadingZeros } from '../../../../domain/stripLeadingZeros.ts';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { PasswordField } from '../../../ui/PasswordField.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { ShowcaseExample } from './ShowcaseExample.tsx';
import { ShowcaseSection } from './ShowcaseSection.tsx';

const WORKFLOW_FILTERS = [
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
  { value: 'all', label: 'All' },
];

const CONTACTS = ['Ada', 'Grace', 'Linus'];

/** Text fields, password, select, checkboxes (with the indeterminate select-all) and two live helpers. */
export function InputsSection() {
  const [selected, setSelected] = useState<string[]>(['Ada']);
  const [limit, setLimit] = useState('007');
  const [search, setSearch] = useState('');
  const settled = normaliseSearchTerm(useDebouncedValue(search));
  const all = selected.length === CONTACTS.length;

  return (
    <ShowcaseSection
      id="inputs"
      title="Inputs"
      description="Every field has a visible label, hints and errors are linked to it."
    >
      <ShowcaseExample label="Text field">
        <TextField label="Workflow name" defaultValue="New Workflow" />
      </ShowcaseExample>
      <ShowcaseExample label="With hint, optional">
        <TextField
          label="Sender name"
          optional
          hint="Recipients see it in their inbox."
          placeholder="Dana Demo"
        />
      </ShowcaseExample>
      <ShowcaseExample label="Error">
        <TextField label="Email" type="email" defaultValue="dana@" error="Enter a valid email address." />
      </ShowcaseExample>
      <ShowcaseExample label="Disabled">
        <TextField label="Organisation" defaultValue="Northwind Analytics" disabled />
      </ShowcaseExample>
      <ShowcaseExample label="Password">
        <PasswordField label="Password" defaultValue="Demo-Password-2026" autoComplete="off" />
      </ShowcaseExample>
      <ShowcaseExample label="Select">
        <Select label="Show workflows" options={WORKFLOW_FILTERS} defaultValue="active" />
      </ShowcaseExample>
      <ShowcaseExample label="Select, disabled">
        <Select label="Date range" options={[{ value: 'qtr', label: '1 QTR' }]} disabled />
      </ShowcaseExample>
      <ShowcaseExample label="Numeric input (leading zeros stripped)">
        <TextField
          label="Daily send limit"
          inputMode="numeric"
          value={limit}
          onChange={(event) => setLimit(stripLeadingZeros(event.target.value.replace(/[^\d]/g, '')))}
          hint={`Sent as ${stripLeadingZeros(limit) || '(nothing)'}.`}
        />
      </ShowcaseExample>
      <ShowcaseExample label="Search (300 ms debounce, blank resets)">
        <TextField
          label="Search contacts"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          hint={settled.blank ? 'No search: showing everything.' : `Searching for “${settled.term}”.`}
        />
      </ShowcaseExample>
      <ShowcaseExample label="Checkboxes">
        <div className="showcase-stack">
          <Checkbox
            label="Select all contacts"
            checked={all}
            indeterminate={selected.length > 0 && !all}
            onChange={() => setSelected(all ? [] : [...CONTACTS])}
          />
          <div className="showcase-indent showcase-stack">
            {CONTACTS.map((name) => (
              <Checkbox
                key={name}
                label={name}
                checked={selected.includes(name)}
                onChange={(event) =>
                  setSelected((list) =>
                    event.target.checked ? [...list, name] : list.filter((item) => item !== name),
                  )
                }
              />
            ))}
          </div>
        </div>
      </ShowcaseExample>
      <ShowcaseExample label="Checkbox states">
        <div className="showcase-stack">
          <Checkbox label="Unchecked" />
          <Checkbox label="Checked" defaultChecked />
          <Checkbox label="Indeterminate" indeterminate />
          <Checkbox label="Disabled" disabled />
          <Checkbox label="Disabled, checked" disabled defaultChecked />
          <Checkbox label="I accept the terms" error="Accept the terms to go on." />
        </div>
      </ShowcaseExample>
    </ShowcaseSection>
  );
}
