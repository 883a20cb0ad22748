import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useMemo, useState } from 'react';
import { LIST_NAME_EXISTS } from '../../../../domain/audienceListSchemas.ts';
import type { AudienceListSummary } from '../../../../domain/audienceLists.ts';
import {
  checkImportRow,
  guessMapping,
  IMPORT_CHUNK_CHARS,
  IMPORT_FIELD_LABELS,
  IMPORT_FIELDS,
  IMPORT_MAX_BYTES,
  type ImportField,
  type ImportMapping,
  splitText,
} from '../../../../domain/contactImport.ts';
import { countOf, pluralNoun } from '../../../../domain/countOf.ts';
import { toRequestFailure } from '../../../../domain/requestFailure.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { FileField } from '../../../ui/FileField.tsx';
import { Form } from '../../../ui/Form.tsx';
import { Radio } from '../../../ui/Radio.tsx';
import { Select } from '../../../ui/Select.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { type CsvPreview, previewCsvInWorker } from './csvPreview.ts';

type Props = {
  /** Reads the chosen file (a Web Worker in the app; tests pass their own). */
  preview?: (file: File) => Promise<CsvPreview>;
};

type Upload = { done: number; of: number } | null;

const NOT_IMPORTED = '';

/**
 * The import wizard: choose a CSV file (read in a Web Worker), map its columns to contact fields (guessed
 * from the headers), choose a list or name a new one, check the first rows and their problems, then
 * upload it in pieces and start the server's import, whose progress the address (?import_id=) then shows.
 */
export function ImportWizard({ preview = previewCsvInWorker }: Props) {
  const api = useServices().audienceApi;
  const navigate = useNavigate();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [csv, setCsv] = useState<Extract<CsvPreview, { ok: true }> | null>(null);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [listMode, setListMode] = useState<'new' | 'existing'>('new');
  const [listName, setListName] = useState('');
  const [listId, setListId] = useState('');
  const [lists, setLists] = useState<AudienceListSummary[]>([]);
  const [listError, setListError] = useState<string | null>(null);
  const [upload, setUpload] = useState<Upload>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    api
      .listLists({ offset: 0, limit: 100 }, controller.signal)
      .then((page) => setLists(page.data))
      .catch(() => setLists([]));
    return () => controller.abort();
  }, [api]);

  const chooseFile = async (chosen: File | null) => {
    setCsv(null);
    setFailure(null);
    setFile(chosen);
    if (!chosen) return;
    if (chosen.size > IMPORT_MAX_BYTES)
      return setFileError('The file is larger than 50 MB: split it in parts.');
    setFileError(null);
    setReading(true);
    const answer = await preview(chosen);
    setReading(false);
    if (!answer.ok) return setFileError(answer.message);
    if (answer.headers.length === 0) return setFileError('The file is empty.');
    setCsv(answer);
    setMapping(guessMapping(answer.headers));
    setListName(chosen.name.replace(/\.[^.]+$/, '').slice(0, 100));
  };

  const checks = useMemo(
    () => (csv ? csv.rows.map((row) => checkImportRow(row, mapping)) : []),
    [csv, mapping],
  );
  const refusedCount = checks.filter((c) => !c.ok).length;
  const mapped = IMPORT_FIELDS.filter((field) => mapping[field] !== undefined);
  const emailMissing = csv !== null && mapping.email === undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!csv || !file || emailMissing) return;
    if (listMode === 'new' && !listName.trim()) return setListError('Give the new list a name.');
    if (listMode === 'existing' && !listId) return setListError('Choose a list.');
    setListError(null);
    setFailure(null);
    try {
      setUpload({ done: 0, of: 1 });
      const created = await api.createImport({
        fileName: file.name,
        mapping,
        headers: csv.headers,
        totalRows: csv.totalRows,
        ...(listMode === 'new' ? { listName: listName.trim() } : { listId: Number(listId) }),
      });
      const pieces = splitText(await file.text(), IMPORT_CHUNK_CHARS);
      setUpload({ done: 0, of: pieces.length });
      for (const [seq, text] of pieces.entries()) {
        await api.sendImportChunk({ importId: created.importId, seq, text });
        setUpload({ done: seq + 1, of: pieces.length });
      }
      await api.startImport(created.importId);
      await navigate({
        to: '/audiences/{-$page}/{-$tab}/{-$subTab}',
        params: { page: 'lists', tab: 'import' },
        search: { import_id: created.importId } as never,
      });
    } catch (error) {
      setUpload(null);
      const message = toRequestFailure(error).message;
      if (message === LIST_NAME_EXISTS) setListError(LIST_NAME_EXISTS);
      else setFailure(message);
    }
  };

  const setColumn = (field: ImportField, value: string) =>
    setMapping((current) => {
      const next = { ...current };
      if (value === NOT_IMPORTED) delete next[field];
      else next[field] = Number(value);
      return next;
    });

  const columnOptions = [
    { value: NOT_IMPORTED, label: '— Not imported —' },
    ...(csv?.headers ?? []).map((header, index) => ({
      value: String(index),
      label: header || `Column ${index + 1}`,
    })),
  ];

  return (
    <Form className="import-wizard" onSubmit={submit} noValidate aria-label="Import contacts">
      <Card title="1. Choose a CSV file" description="The first row names the columns. Up to 50 MB.">
        <FileField
          label="CSV file"
          buttonLabel="Choose a CSV file"
          accept=".csv,text/csv"
          error={fileError ?? undefined}
          onFile={(file) => void chooseFile(file)}
        />
        {reading ? <p role="status">Reading the file…</p> : null}
        {csv ? (
          <p role="status" data-testid="import-row-count">
            {countOf(csv.totalRows, 'row', 'rows')} and {countOf(csv.headers.length, 'column', 'columns')}.
          </p>
        ) : null}
      </Card>
      {csv ? (
        <>
          <Card
            title="2. Match the columns"
            description="Each contact field takes one column. Email is required."
          >
            <div className="import-wizard__mapping">
              {IMPORT_FIELDS.map((field) => (
                <Select
                  key={field}
                  label={IMPORT_FIELD_LABELS[field]}
                  options={columnOptions}
                  value={mapping[field] === undefined ? NOT_IMPORTED : String(mapping[field])}
                  error={
                    field === 'email' && emailMissing
                      ? 'Choose the column that holds the email address.'
                      : undefined
                  }
                  onChange={(event) => setColumn(field, event.target.value)}
                />
              ))}
            </div>
          </Card>
          <Card title="3. Choose a list">
            <fieldset className="import-wizard__list">
              <legend className="ui-visually-hidden">Where the contacts go</legend>
              <Radio
                name="list-mode"
                checked={listMode === 'new'}
                onChange={() => setListMode('new')}
                label="A new list"
              />
              <Radio
                name="list-mode"
                checked={listMode === 'existing'}
                onChange={() => setListMode('existing')}
                label="A list I have"
              />
            </fieldset>
            {listMode === 'new' ? (
              <TextField
                label="New list name"
                value={listName}
                error={listError ?? undefined}
                onChange={(event) => {
                  setListName(event.target.value);
                  setListError(null);
                }}
              />
            ) : (
              <Select
                label="List"
                options={[
                  { value: '', label: 'Choose a list' },
                  ...lists.map((l) => ({ value: String(l.list_id), label: l.list_name })),
                ]}
                value={listId}
                error={listError ?? undefined}
                onChange={(event) => {
                  setListId(event.target.value);
                  setListError(null);
                }}
              />
            )}
          </Card>
          <Card
            title="4. Check the first rows"
            description={`${refusedCount} of the first ${countOf(checks.length, 'row', 'rows')} ${pluralNoun(refusedCount, 'has', 'have')} a problem and will be refused. Contacts already known by their email are updated; their subscription status never changes.`}
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
                    {mapped.map((field) => (
                      <th key={field} scope="col">
                        {IMPORT_FIELD_LABELS[field]}
                      </th>
                    ))}
                    <th scope="col">Problem</th>
                  </tr>
                </thead>
                <tbody>
                  {csv.rows.map((row, index) => {
                    const check = checks[index];
                    return (
                      // biome-ignore lint/suspicious/noArrayIndexKey: the preview's rows are fixed
                      <tr key={index} data-testid="import-preview-row">
                        <td>{index + 2}</td>
                        {mapped.map((field) => (
                          <td key={field}>{row[mapping[field] ?? 0] ?? ''}</td>
                        ))}
                        <td>{check && !check.ok ? check.reason : '—'}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </section>
          </Card>
          {failure ? (
            <Alert tone="error" title="The import did not start">
              {failure}
            </Alert>
          ) : null}
          <div className="import-wizard__actions">
            <Button type="submit" loading={upload !== null} disabled={emailMissing}>
              Import {countOf(csv.totalRows, 'row', 'rows')}
            </Button>
            {upload ? (
              <p role="status">
                Uploading the file: {upload.done} of {upload.of}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
    </Form>
  );
}
