import { optionsFromText } from '../../../../domain/formDraft.ts';
import { CHOICE_TYPES, FORM_FIELD_TYPES, type FormField } from '../../../../domain/hostedForms.ts';
import { Button } from '../../../ui/Button.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';

/** One field of the form in the editor: its label, type, required flag, options, and move / remove buttons. */
export function FormFieldRow({
  field,
  first,
  last,
  onChange,
  onMove,
  onRemove,
}: {
  field: FormField;
  first: boolean;
  last: boolean;
  onChange: (patch: Partial<FormField>) => void;
  onMove: (by: -1 | 1) => void;
  onRemove: () => void;
}) {
  // The email is always a required text field; consent is always a checkbox.
  const fixedType = field.key === 'email' || field.key === 'consent';
  return (
    <li className="form-field-row">
      <div className="form-field-row__main">
        <TextField
          label={`Label of ${field.key.replace(/_/g, ' ')}`}
          value={field.label}
          maxLength={120}
          onChange={(event) => onChange({ label: event.target.value })}
        />
        <Select
          label="Type"
          value={field.type}
          disabled={fixedType}
          options={FORM_FIELD_TYPES.map((type) => ({ value: type, label: type }))}
          onChange={(event) => onChange({ type: event.target.value as FormField['type'] })}
        />
      </div>
      {CHOICE_TYPES.includes(field.type) ? (
        <TextField
          label="Options (separated by commas)"
          defaultValue={field.options.join(', ')}
          onBlur={(event) => onChange({ options: optionsFromText(event.target.value) })}
        />
      ) : null}
      <div className="form-field-row__actions">
        <Checkbox
          label="Required"
          checked={field.required}
          disabled={field.key === 'email'}
          onChange={(event) => onChange({ required: event.target.checked })}
        />
        <div className="form-field-row__buttons">
          <Button variant="ghost" size="sm" disabled={first} onClick={() => onMove(-1)}>
            Move up<span className="ui-visually-hidden"> {field.label}</span>
          </Button>
          <Button variant="ghost" size="sm" disabled={last} onClick={() => onMove(1)}>
            Move down<span className="ui-visually-hidden"> {field.label}</span>
          </Button>
          {field.key === 'email' ? null : (
            <Button variant="ghost" size="sm" onClick={onRemove}>
              Remove<span className="ui-visually-hidden"> {field.label}</span>
            </Button>
          )}
        </div>
      </div>
    </li>
  );
}
