import {
  type CustomColumn,
  checkImportRow,
  type DuplicatePolicy,
  duplicateReason,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  type ImportMapping,
} from '../../../../domain/contactImport.ts';
import { pluralNoun } from '../../../../domain/countOf.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { Card } from '../../../ui/Card.tsx';
import type { PreviewRow } from './readCsvPreview.ts';

type Props = {
  title: string;
  rows: PreviewRow[];
  mapping: ImportMapping;
  customColumns: CustomColumn[];
  /** Which row of a repeated email is imported: the others show why they are not. */
  policy: DuplicatePolicy;
};

/** Why a row the check accepts is left out as a duplicate, or null. */
function duplicateOf(row: PreviewRow, policy: DuplicatePolicy): string | null {
  const repeats = row.repeats;
  if (!repeats) return null;
  const kept = policy === 'first' ? repeats.first : repeats.last;
  if (policy !== 'skip' && row.line === kept) return null;
  return duplicateReason(policy, kept, repeats.rows);
}

/** How many of the first rows have a problem, in words. */
function problemsSentence(problems: number, rows: number): string {
  const first = rows === 1 ? 'the first row' : `the first ${formatThousands(rows)} rows`;
  if (problems === 0) return `No problem in ${first}.`;
  if (rows === 1) return 'The first row has a problem and will be refused.';
  return `${formatThousands(problems)} of ${first} ${pluralNoun(problems, 'has', 'have')} a problem and will be refused.`;
}

/**
 * The first rows as they will be imported (the mapped fields, then the custom fields), each with its
 * problem: the same check the server runs (checkImportRow), or the duplicate it is under the choice made.
 */
export function ImportPreviewStep({ title, rows, mapping, customColumns, policy }: Props) {
  const outcomes = rows.map((row) => {
    const check = checkImportRow(row.cells, mapping, customColumns);
    if (!check.ok) return { problem: check.reason, duplicate: false };
    const duplicate = duplicateOf(row, policy);
    return { problem: duplicate, duplicate: duplicate !== null };
  });
  const problems = outcomes.map((outcome) => outcome.problem);
  const duplicates = outcomes.filter((outcome) => outcome.duplicate).length;
  const refused = outcomes.filter((outcome) => outcome.problem !== null && !outcome.duplicate).length;
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
      description={`${problemsSentence(refused, rows.length)}${duplicates > 0 ? ` ${formatThousands(duplicates)} ${pluralNoun(duplicates, 'is', 'are')} left out as ${pluralNoun(duplicates, 'a duplicate', 'duplicates')}.` : ''} Contacts already known by their email are updated; their subscription status never changes.`}
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
              const problem = problems[index];
              return (
                <tr key={row.line} data-testid="import-preview-row">
                  <td>{row.line}</td>
                  {columns.map((column) => (
                    <td key={column.key}>{row.cells[column.column] ?? ''}</td>
                  ))}
                  <td>{problem ?? '—'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </section>
    </Card>
  );
}
