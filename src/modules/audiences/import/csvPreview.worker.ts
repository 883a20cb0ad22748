/// <reference lib="webworker" />
import Papa from 'papaparse';
import { IMPORT_PREVIEW_ROWS } from '../../../../domain/contactImport.ts';
import type { CsvPreview } from './csvPreview.ts';

/**
 * Reads a CSV file off the page's thread: papaparse streams it (never all rows in memory), keeps the
 * header and the first rows, and counts the data rows. Answers one CsvPreview per file posted.
 */
self.onmessage = (event: MessageEvent<File>) => {
  const file = event.data;
  const rows: string[][] = [];
  let headers: string[] | null = null;
  let count = 0;
  Papa.parse<string[]>(file, {
    skipEmptyLines: 'greedy',
    step: (result) => {
      if (headers === null) headers = result.data;
      else {
        count++;
        if (rows.length < IMPORT_PREVIEW_ROWS) rows.push(result.data);
      }
    },
    complete: () => {
      const answer: CsvPreview = { ok: true, headers: headers ?? [], rows, totalRows: count };
      self.postMessage(answer);
    },
    error: (error) => {
      const answer: CsvPreview = { ok: false, message: `The file could not be read: ${error.message}` };
      self.postMessage(answer);
    },
  });
};
