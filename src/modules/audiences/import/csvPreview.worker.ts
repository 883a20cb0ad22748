/// <reference lib="webworker" />
import { type CsvPreview, type ReadOptions, readCsvPreview } from './readCsvPreview.ts';

export type CsvPreviewRequest = { file: File; options: ReadOptions };

/**
 * Reads a CSV file off the page's thread (readCsvPreview: what the file is, its encoding, its rows and
 * their counts), so a large file never blocks the page. Answers one CsvPreview per request.
 */
self.onmessage = async (event: MessageEvent<CsvPreviewRequest>) => {
  const { file, options } = event.data;
  let answer: CsvPreview;
  try {
    answer = readCsvPreview(new Uint8Array(await file.arrayBuffer()), { ...options, fileName: file.name });
  } catch (error) {
    answer = {
      ok: false,
      message: `The file could not be read: ${error instanceof Error ? error.message : String(error)}`,
    };
  }
  self.postMessage(answer);
};
