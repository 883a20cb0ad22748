import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import {
  type ContactImportState,
  IMPORT_CHUNK_CHARS,
  type ImportRefusal,
} from '../../../domain/contactImport.ts';
import type { Session } from '../../helpers/testApp.ts';
import { get, post } from '../workflowTestKit.ts';

export const B = '/api/audience/';

/** Creates an import, uploads `csv` in pieces, starts it; returns its id. */
export async function uploadImport(
  app: FastifyInstance,
  session: Session,
  csv: string,
  fields: Record<string, string | number | undefined>,
): Promise<number> {
  const created = await post(app, session, `${B}import_create/`, { file_name: 'contacts.csv', ...fields });
  expect(created.statusCode, created.body).toBe(200);
  const importId = created.json().import_id as number;
  for (let seq = 0, at = 0; at < csv.length; seq++, at += IMPORT_CHUNK_CHARS) {
    const piece = await app.inject({
      method: 'POST',
      url: `${B}import_chunk/`,
      headers: { cookie: session.cookie, 'x-csrftoken': session.csrf, 'content-type': 'application/json' },
      payload: JSON.stringify({ import_id: importId, seq, text: csv.slice(at, at + IMPORT_CHUNK_CHARS) }),
    });
    expect(piece.statusCode, piece.body).toBe(200);
  }
  const started = await post(app, session, `${B}import_start/`, { import_id: importId });
  expect(started.statusCode, started.body).toBe(200);
  return importId;
}

export type ImportStatusAnswer = { data: ContactImportState; refusals: ImportRefusal[] };

/** Polls import_status/ until the import is done or failed (the background job runs it). */
export async function waitForImport(
  app: FastifyInstance,
  session: Session,
  importId: number,
  timeoutMs = 120_000,
): Promise<ImportStatusAnswer> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const response = await get(app, session, `${B}import_status/`, { import_id: importId });
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json() as ImportStatusAnswer;
    if (answer.data.status === 'done' || answer.data.status === 'failed') return answer;
    if (Date.now() > until) throw new Error(`import ${importId} still ${answer.data.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
