/** What the wizard knows of a CSV file before importing it: its header, first rows and row count. */
export type CsvPreview =
  | { ok: true; headers: string[]; rows: string[][]; totalRows: number }
  | { ok: false; message: string };

/** Reads the file in a Web Worker (papaparse, streamed), so a large file never blocks the page. */
export function previewCsvInWorker(file: File): Promise<CsvPreview> {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./csvPreview.worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CsvPreview>) => {
      resolve(event.data);
      worker.terminate();
    };
    worker.onerror = () => {
      resolve({ ok: false, message: 'The file could not be read.' });
      worker.terminate();
    };
    worker.postMessage(file);
  });
}
