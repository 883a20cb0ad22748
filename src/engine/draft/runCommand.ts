import type * as Y from 'yjs';
import { LOCAL_USER } from './draftOrigins.ts';

/**
 * Runs a command (a pure function (doc, args) => result) as ONE transaction with origin LOCAL_USER, so
 * the undo manager records it and the tab relay sends it as one update. Returns the command's result.
 */
export type Command<A, R> = (doc: Y.Doc, args: A) => R;

export function runCommand<A, R>(doc: Y.Doc, command: Command<A, R>, args: A): R {
  let result: R | undefined;
  doc.transact(() => {
    result = command(doc, args);
  }, LOCAL_USER);
  return result as R;
}
