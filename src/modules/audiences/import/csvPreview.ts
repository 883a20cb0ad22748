import type { CsvPreviewRequest } from './csvPreview.worker.ts';
import type { CsvPreview, ReadOptions } from './readCsvPreview.ts';

export type { CsvPreview } from './readCsvPreview.ts';

/** Reads the file in a Web Worker (readCsvPreview), so a large file never blocks the page. */
export function previewCsvInWorker(file: File, options: ReadOptions = {}): Promise<CsvPreview> {
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
    worker.postMessage({ file, options } satisfies CsvPreviewRequest);
  });
}
