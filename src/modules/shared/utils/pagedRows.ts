import type { Draft } from 'immer';

/** What a paged list shows: every row loaded since offset 0, and how many the service counts. */
export type PagedRows<TRow> = { rows: TRow[]; total: number };

type Key = string | number;

/**
 * Edits of the rows a paged list shows after a change the server confirmed, as immer recipes
 * (`list.edit((draft) => addFirst(draft, row, key))`), so a list moves without asking again. Each keeps
 * the total in step with what it did.
 */

/** A new or changed row goes first; the total rises when it was not shown (counted) yet. */
export function addFirst<TRow>(shown: Draft<PagedRows<TRow>>, row: TRow, key: (row: TRow) => Key): void {
  const at = shown.rows.findIndex((r) => key(r as TRow) === key(row));
  if (at >= 0) shown.rows.splice(at, 1);
  else shown.total += 1;
  shown.rows.unshift(row as Draft<TRow>);
}

/**
 * A copy goes right after its original and the total rises; when the original is not shown, neither is
 * the copy (it is further down).
 */
export function insertAfter<TRow>(
  shown: Draft<PagedRows<TRow>>,
  originalKey: Key,
  copy: TRow,
  key: (row: TRow) => Key,
): void {
  const already = shown.rows.findIndex((r) => key(r as TRow) === key(copy));
  if (already >= 0) shown.rows.splice(already, 1);
  shown.total += 1;
  const at = shown.rows.findIndex((r) => key(r as TRow) === originalKey);
  if (at >= 0) shown.rows.splice(at + 1, 0, copy as Draft<TRow>);
}

/** A row as the server now has it takes its old place. */
export function replaceRow<TRow>(shown: Draft<PagedRows<TRow>>, row: TRow, key: (row: TRow) => Key): void {
  const at = shown.rows.findIndex((r) => key(r as TRow) === key(row));
  if (at >= 0) shown.rows[at] = row as Draft<TRow>;
}

/** A deleted row leaves and the total falls, once. */
export function removeRow<TRow>(shown: Draft<PagedRows<TRow>>, rowKey: Key, key: (row: TRow) => Key): void {
  const at = shown.rows.findIndex((r) => key(r as TRow) === rowKey);
  if (at < 0) return;
  shown.rows.splice(at, 1);
  shown.total = Math.max(0, shown.total - 1);
}
