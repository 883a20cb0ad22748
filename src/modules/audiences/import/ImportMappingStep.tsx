import {
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportField,
  type ImportMapping,
} from '../../../../domain/contactImport.ts';
import { Card } from '../../../ui/Card.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { Select } from '../../../ui/Select.tsx';

type Props = {
  title: string;
  headers: string[];
  mapping: ImportMapping;
  /** The columns kept as custom fields. */
  custom: ReadonlySet<number>;
  onColumn: (field: ImportField, column: number | null) => void;
  onCustom: (column: number, keep: boolean) => void;
};

const NOT_IMPORTED = '';

/** A column's name on screen: its header, else its place. */
export const columnName = (headers: readonly string[], column: number) =>
  headers[column]?.trim() || `Column ${column + 1}`;

/**
 * Step 2: each contact field takes one column (guessed from the headers; Email is required), and each
 * column no field takes can be kept as a custom field of the contact, under its header.
 */
export function ImportMappingStep({ title, headers, mapping, custom, onColumn, onCustom }: Props) {
  const options = [
    { value: NOT_IMPORTED, label: '— Not imported —' },
    ...headers.map((_, index) => ({ value: String(index), label: columnName(headers, index) })),
  ];
  const mapped = new Set(Object.values(mapping));
  const others = headers.map((_, index) => index).filter((index) => !mapped.has(index));
  return (
    <Card
      title={title}
      description="Each contact field takes one column. Email is required. A company is matched to the account of that name or website, or added as a new account."
    >
      <div className="import-wizard__mapping">
        {IMPORT_FIELDS.map((field) => (
          <Select
            key={field}
            label={IMPORT_FIELD_LABELS[field]}
            options={options}
            value={mapping[field] === undefined ? NOT_IMPORTED : String(mapping[field])}
            error={
              field === 'email' && mapping.email === undefined
                ? 'Choose the column that holds the email address.'
                : undefined
            }
            onChange={(event) =>
              onColumn(field, event.target.value === NOT_IMPORTED ? null : Number(event.target.value))
            }
          />
        ))}
      </div>
      {others.length > 0 ? (
        <fieldset className="import-wizard__custom">
          <legend>Other columns</legend>
          <p className="import-wizard__hint">
            Keep a column as a custom field: it shows on the person’s details under its name.
          </p>
          {others.map((column) => (
            <Checkbox
              key={column}
              label={`Keep “${columnName(headers, column)}” as a custom field`}
              checked={custom.has(column)}
              onChange={(event) => onCustom(column, event.target.checked)}
            />
          ))}
        </fieldset>
      ) : null}
    </Card>
  );
}
