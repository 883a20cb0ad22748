import { parentPort } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { inlinePglite, type PgliteSession } from './PgliteSession.ts';
import { PGLITE_EXTENSIONS } from './pgliteExtensions.ts';
import type { PgliteThreadError, PgliteThreadReply, PgliteThreadRequest } from './pgliteThreadProtocol.ts';

/**
 * PGlite's own thread (PgliteThread starts it): the database's work — the wasm engine, parsing and
 * serialising rows — runs here, so a long statement or a group commit never holds the server's event loop.
 * Requests are answered in the order they come; the server's driver already sends one caller's at a time.
 */
const port = parentPort;
if (!port) throw new Error('pgliteWorker runs in a worker thread only.');

let session: PgliteSession | null = null;
const listening = new Map<string, () => Promise<void>>();

function plainError(error: unknown): PgliteThreadError {
  if (!(error instanceof Error)) return { message: String(error), name: 'Error', fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  }
  return { message: error.message, name: error.name, fields };
}

function open(): PgliteSession {
  if (!session) throw new Error('The database is not open.');
  return session;
}

async function answer(request: PgliteThreadRequest): Promise<unknown> {
  switch (request.op) {
    case 'open': {
      const pg = request.template
        ? new PGlite({ loadDataDir: new Blob([request.template]), extensions: PGLITE_EXTENSIONS })
        : new PGlite(request.dataDir, { extensions: PGLITE_EXTENSIONS });
      await pg.waitReady;
      session = inlinePglite(pg);
      return null;
    }
    case 'query':
      return open().query(
        request.sql,
        request.params,
        request.blob ? { blob: new Blob([request.blob]) } : undefined,
      );
    case 'execLast':
      return open().execLast(request.sql);
    case 'isInTransaction':
      return open().isInTransaction();
    case 'listen': {
      if (!listening.has(request.channel)) {
        const stop = await open().listen(request.channel, (payload) =>
          port?.postMessage({ notify: request.channel, payload } satisfies PgliteThreadReply),
        );
        listening.set(request.channel, stop);
      }
      return null;
    }
    case 'unlisten': {
      const stop = listening.get(request.channel);
      listening.delete(request.channel);
      await stop?.();
      return null;
    }
    case 'close':
      if (session && !session.closed) await session.close();
      return null;
  }
}

port.on('message', async (request: PgliteThreadRequest) => {
  let reply: PgliteThreadReply;
  try {
    reply = { id: request.id, ok: true, result: await answer(request) };
  } catch (error) {
    reply = { id: request.id, ok: false, error: plainError(error) };
  }
  port.postMessage(reply);
  if (request.op === 'close') port.close();
});
port.postMessage({ ready: true } satisfies PgliteThreadReply);
