import {
  type CustomColumn,
  checkImportRow,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportMapping,
} from '../../../../domain/contactImport.ts';
import { countOf, pluralNoun } from '../../../../domain/countOf.ts';
import { Card } from '../../../ui/Card.tsx';
import type { PreviewRow } from './readCsvPreview.ts';

type Props = {
  title: string;
  rows: PreviewRow[];
  mapping: ImportMapping;
  customColumns: CustomColumn[];
};

/**
 * The first rows as they will be imported (the mapped fields, then the custom fields), each with its
 * problem: the same check the server runs (checkImportRow).
 */
export function ImportPreviewStep({ title, rows, mapping, customColumns }: Props) {
  const checks = rows.map((row) => checkImportRow(row.cells, mapping, customColumns));
  const problems = checks.filter((check) => !check.ok).length;
  const mapped = IMPORT_FIELDS.filter((field) => mapping[field] !== undefined);
  const columns = [
    ...mapped.map((field) => ({
      key: field,
      label: IMPORT_FIELD_LABELS[field],
      column: mapping[field] ?? 0,
    })),
    ...customColumns.map((custom) => ({
      key: `custom-${custom.column}`,
      label: custom.name,
      column: custom.column,
    })),
  ];
  return (
    <Card
      title={title}
      description={`${countOf(problems, 'row', 'rows')} of the first ${countOf(checks.length, 'row', 'rows')} ${pluralNoun(problems, 'has', 'have')} a problem and will be refused. Contacts already known by their email are updated; their subscription status never changes.`}
    >
      <section
        className="import-wizard__preview ui-table"
        aria-label="The first rows"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
      >
        <table>
          <caption className="ui-visually-hidden">The first rows as they will be imported</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              {columns.map((column) => (
                <th key={column.key} scope="col">
                  {column.label}
                </th>
              ))}
              <th scope="col">Problem</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, index) => {
              const check = checks[index];
              return (
                <tr key={row.line} data-testid="import-preview-row">
                  <td>{row.line}</td>
                  {columns.map((column) => (
                    <td key={column.key}>{row.cells[column.column] ?? ''}</td>
                  ))}
                  <td>{check && !check.ok ? check.reason : '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </Card>
  );
}
