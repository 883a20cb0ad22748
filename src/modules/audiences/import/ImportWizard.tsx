import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { LIST_NAME_EXISTS } from '../../../../domain/audienceListSchemas.ts';
import type { AudienceListSummary } from '../../../../domain/audienceLists.ts';
import {
  type CustomColumn,
  type DuplicatePolicy,
  guessMapping,
  IMPORT_CHUNK_CHARS,
  type ImportField,
  type ImportMapping,
  splitText,
} from '../../../../domain/contactImport.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { toRequestFailure } from '../../../../domain/requestFailure.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Form } from '../../../ui/Form.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { previewCsvInWorker } from './csvPreview.ts';
import { ImportDuplicatesStep } from './ImportDuplicatesStep.tsx';
import { ImportFileStep } from './ImportFileStep.tsx';
import { ImportListStep, type ListChoice } from './ImportListStep.tsx';
import { columnName, ImportMappingStep } from './ImportMappingStep.tsx';
import { ImportPreviewStep } from './ImportPreviewStep.tsx';
import { decodeFile, type FileEncoding } from './readCsvPreview.ts';
import { type ReadCsv, useCsvFile } from './useCsvFile.ts';

type Props = {
  /** Reads the chosen file (a Web Worker in the app; tests pass their own). */
  preview?: ReadCsv;
};

type Upload = { done: number; of: number } | null;

/**
 * The import wizard: choose a CSV file (read in a Web Worker: what it is, its encoding, its rows), match
 * its columns to contact fields (guessed from the headers) and keep others as custom fields, choose which
 * row of a repeated email counts, choose a list or name a new one, check the first rows and their
 * problems, then upload the file (decoded in the chosen encoding) in pieces and start the server's
 * import, whose progress the address (?import_id=) then shows.
 */
export function ImportWizard({ preview = previewCsvInWorker }: Props) {
  const api = useServices().audienceApi;
  const navigate = useNavigate();
  const { file, csv, error, reading, choose, read } = useCsvFile(preview);
  const [mapping, setMapping] = useState<ImportMapping>({});
  const [custom, setCustom] = useState<ReadonlySet<number>>(new Set());
  const [policy, setPolicy] = useState<DuplicatePolicy>('first');
  const [list, setList] = useState<ListChoice>({ mode: 'new', name: '', listId: '' });
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
    setFailure(null);
    const answer = await choose(chosen);
    if (!answer || !chosen) return;
    setMapping(guessMapping(answer.headers));
    setCustom(new Set());
    setPolicy('first');
    setList((current) => ({ ...current, name: chosen.name.replace(/\.[^.]+$/, '').slice(0, 100) }));
  };

  const chooseEncoding = (encoding: FileEncoding) => {
    if (file) void read(file, { encoding, emailColumn: mapping.email ?? null });
  };

  const setColumn = (field: ImportField, column: number | null) => {
    const next = { ...mapping };
    if (column === null) delete next[field];
    else next[field] = column;
    setMapping(next);
    if (column !== null) setCustom((current) => new Set([...current].filter((c) => c !== column)));
    // Repeated emails are counted in the email column: a new one is read again.
    if (field === 'email' && file && csv)
      void read(file, { encoding: csv.encoding, emailColumn: next.email ?? null });
  };

  const keepCustom = (column: number, keep: boolean) =>
    setCustom((current) => {
      const next = new Set(current);
      if (keep) next.add(column);
      else next.delete(column);
      return next;
    });

  const customColumns: CustomColumn[] = csv
    ? [...custom].sort((a, b) => a - b).map((column) => ({ name: columnName(csv.headers, column), column }))
    : [];
  const emailMissing = csv !== null && mapping.email === undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!csv || !file || emailMissing) return;
    if (list.mode === 'new' && !list.name.trim()) return setListError('Give the new list a name.');
    if (list.mode === 'existing' && !list.listId) return setListError('Choose a list.');
    setListError(null);
    setFailure(null);
    try {
      setUpload({ done: 0, of: 1 });
      const created = await api.createImport({
        fileName: file.name,
        mapping,
        customColumns,
        duplicatePolicy: policy,
        delimiter: csv.delimiter,
        headers: csv.headers,
        totalRows: csv.totalRows + csv.emptyRows,
        ...(list.mode === 'new' ? { listName: list.name.trim() } : { listId: Number(list.listId) }),
      });
      const text = decodeFile(new Uint8Array(await file.arrayBuffer()), csv.encoding);
      const pieces = splitText(text, IMPORT_CHUNK_CHARS);
      setUpload({ done: 0, of: pieces.length });
      for (const [seq, piece] of pieces.entries()) {
        await api.sendImportChunk({ importId: created.importId, seq, text: piece });
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

  const duplicates = csv && csv.duplicates.rows > 0 ? csv.duplicates : null;
  const titles = ['Choose a CSV file', 'Match the columns']
    .concat(duplicates ? ['Choose which row of a repeated email counts'] : [])
    .concat(['Choose a list', 'Check the first rows'])
    .map((title, index) => `${index + 1}. ${title}`);
  const step = (n: number) => titles[n] ?? '';

  return (
    <Form className="import-wizard" onSubmit={submit} noValidate aria-label="Import contacts">
      <ImportFileStep
        title={step(0)}
        csv={csv}
        error={error}
        reading={reading}
        onChoose={(chosen) => void chooseFile(chosen)}
        onEncoding={chooseEncoding}
      />
      {csv ? (
        <>
          <ImportMappingStep
            title={step(1)}
            headers={csv.headers}
            mapping={mapping}
            custom={custom}
            onColumn={setColumn}
            onCustom={keepCustom}
          />
          {duplicates ? (
            <ImportDuplicatesStep
              title={step(2)}
              duplicates={duplicates}
              policy={policy}
              onPolicy={setPolicy}
            />
          ) : null}
          <ImportListStep
            title={step(duplicates ? 3 : 2)}
            choice={list}
            lists={lists}
            error={listError}
            onChange={(choice) => {
              setList(choice);
              setListError(null);
            }}
          />
          <ImportPreviewStep
            title={step(duplicates ? 4 : 3)}
            rows={csv.rows}
            mapping={mapping}
            customColumns={customColumns}
            policy={policy}
          />
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
                Uploading the file: {upload.done} of {countOf(upload.of, 'piece', 'pieces')}
              </p>
            ) : null}
          </div>
        </>
      ) : null}
    </Form>
  );
}
