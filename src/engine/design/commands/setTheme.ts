import type * as Y from 'yjs';
import type { DesignTheme } from '../../../../domain/emailDesign.ts';
import { setIfChanged } from '../../draft/setIfChanged.ts';
import { themeOf } from '../designDoc.ts';

/** Changes theme fields of this design (fonts, colours, logo). */
export function setTheme(doc: Y.Doc, theme: Partial<DesignTheme>): void {
  const map = themeOf(doc);
  for (const [key, value] of Object.entries(theme)) if (value !== undefined) setIfChanged(map, key, value);
}
