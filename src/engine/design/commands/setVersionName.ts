import type * as Y from 'yjs';
import { setIfChanged } from '../../draft/setIfChanged.ts';
import { metaOf } from '../designDoc.ts';

/** The edition's version name (saved by design/save/). */
export function setVersionName(doc: Y.Doc, args: { name: string }): void {
  setIfChanged(metaOf(doc), 'versionName', args.name);
}
