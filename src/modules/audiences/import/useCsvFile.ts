import { useCallback, useRef, useState } from 'react';
import { IMPORT_MAX_BYTES } from '../../../../domain/contactImport.ts';
import type { CsvPreview, ReadOptions } from './readCsvPreview.ts';

export type ReadCsv = (file: File, options?: ReadOptions) => Promise<CsvPreview>;
export type ReadCsvFile = Extract<CsvPreview, { ok: true }>;

/**
 * The chosen file and what reading it found: `read` reads it (again, in another encoding or with another
 * email column) with `preview` (a Web Worker in the app); only the newest read's answer is kept, so a
 * slow read of an earlier choice never replaces a later one.
 */
export function useCsvFile(preview: ReadCsv) {
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<ReadCsvFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const latest = useRef(0);

  const read = useCallback(
    async (chosen: File, options: ReadOptions = {}): Promise<ReadCsvFile | null> => {
      const token = ++latest.current;
      setReading(true);
      const answer = await preview(chosen, options);
      if (token !== latest.current) return null;
      setReading(false);
      if (!answer.ok) {
        setCsv(null);
        setError(answer.message);
        return null;
      }
      setError(null);
      setCsv(answer);
      return answer;
    },
    [preview],
  );

  /** A new file: forgets the last one's reading, refuses one over IMPORT_MAX_BYTES, reads it. */
  const choose = useCallback(
    async (chosen: File | null): Promise<ReadCsvFile | null> => {
      latest.current++;
      setFile(chosen);
      setCsv(null);
      setReading(false);
      setError(null);
      if (!chosen) return null;
      if (chosen.size > IMPORT_MAX_BYTES) {
        setError('The file is larger than 50 MB: split it in parts.');
        return null;
      }
      return read(chosen);
    },
    [read],
  );

  return { file, csv, error, reading, choose, read };
}
