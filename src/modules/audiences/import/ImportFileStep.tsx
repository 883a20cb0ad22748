import { countOf, pluralNoun } from '../../../../domain/countOf.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Card } from '../../../ui/Card.tsx';
import { FileField } from '../../../ui/FileField.tsx';
import { Select } from '../../../ui/Select.tsx';
import { FILE_ENCODING_LABELS, FILE_ENCODINGS, type FileEncoding } from './readCsvPreview.ts';
import type { ReadCsvFile } from './useCsvFile.ts';

type Props = {
  title: string;
  csv: ReadCsvFile | null;
  error: string | null;
  reading: boolean;
  onChoose: (file: File | null) => void;
  onEncoding: (encoding: FileEncoding) => void;
};

const ENCODING_OPTIONS = FILE_ENCODINGS.map((encoding) => ({
  value: encoding,
  label: FILE_ENCODING_LABELS[encoding],
}));

/**
 * Step 1: the file, what it holds (rows, columns, empty rows), and its encoding: a file that is not UTF-8
 * is read the likely way (Windows-1252) and says so, with a choice of encoding; rows holding characters
 * the chosen encoding cannot read are counted (the import would refuse them).
 */
export function ImportFileStep({ title, csv, error, reading, onChoose, onEncoding }: Props) {
  const offerEncodings = csv !== null && (!csv.certainEncoding || csv.unreadableRows > 0);
  return (
    <Card title={title} description="The first row names the columns. Up to 50 MB.">
      <div className="import-wizard__file">
        <FileField
          label="CSV file"
          buttonLabel="Choose a CSV file"
          accept=".csv,text/csv"
          error={error ?? undefined}
          onFile={onChoose}
        />
        {reading ? <p role="status">Reading the file…</p> : null}
        {csv ? (
          <p role="status" data-testid="import-row-count">
            {countOf(csv.totalRows, 'row', 'rows')} and {countOf(csv.headers.length, 'column', 'columns')}.
            {csv.emptyRows > 0
              ? ` ${countOf(csv.emptyRows, 'empty row', 'empty rows')} will be skipped.`
              : ''}
          </p>
        ) : null}
        {csv && csv.unreadableRows > 0 ? (
          <Alert tone="error" title="Characters that cannot be read">
            {countOf(csv.unreadableRows, 'row', 'rows')} {pluralNoun(csv.unreadableRows, 'holds', 'hold')}{' '}
            characters that {FILE_ENCODING_LABELS[csv.encoding]} cannot read (shown as �): such rows are
            refused. Choose the file’s encoding.
          </Alert>
        ) : csv && !csv.certainEncoding ? (
          <Alert tone="warning" title="This file is not UTF-8">
            It is read as {FILE_ENCODING_LABELS[csv.encoding]}. Check the names in the rows below: if letters
            look wrong, choose the file’s encoding.
          </Alert>
        ) : null}
        {offerEncodings ? (
          <Select
            className="import-wizard__encoding"
            label="File encoding"
            options={ENCODING_OPTIONS}
            value={csv.encoding}
            onChange={(event) => onEncoding(event.target.value as FileEncoding)}
          />
        ) : null}
      </div>
    </Card>
  );
}
