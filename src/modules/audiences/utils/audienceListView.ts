import type { AudienceListSummary, AudienceListsPage } from '../../../../domain/audienceLists.ts';

/**
 * What the Lists screen shows (spec 02 section 4): the cards of the page and the number of lists. Pure and
 * React-free: the screen applies each change the server confirmed, so the page moves without a reload.
 */
export type AudienceListView = { lists: AudienceListSummary[]; total: number };

export function viewFromListsPage(page: AudienceListsPage): AudienceListView {
  return { lists: page.data, total: page.total_count };
}

/** A new list goes first and the count rises. */
export function addCreatedList(view: AudienceListView, list: AudienceListSummary): AudienceListView {
  return { lists: [list, ...view.lists.filter((l) => l.list_id !== list.list_id)], total: view.total + 1 };
}

/**
 * A clone goes right after its original (spec 02: "cloning a list inserts the copy right after the
 * original"); the count rises. When the original is not on the page the copy is not shown (it is on
 * another page).
 */
export function insertCloneAfter(
  view: AudienceListView,
  originalId: number,
  copy: AudienceListSummary,
): AudienceListView {
  const lists = view.lists.filter((l) => l.list_id !== copy.list_id);
  const at = lists.findIndex((l) => l.list_id === originalId);
  if (at < 0) return { lists, total: view.total + 1 };
  return { lists: [...lists.slice(0, at + 1), copy, ...lists.slice(at + 1)], total: view.total + 1 };
}

/** A list as the server now has it (renamed, its totals replaced) takes its old place. */
export function replaceList(view: AudienceListView, list: AudienceListSummary): AudienceListView {
  return { ...view, lists: view.lists.map((l) => (l.list_id === list.list_id ? list : l)) };
}

/** A deleted list leaves the page and the count falls. */
export function removeList(view: AudienceListView, listId: number): AudienceListView {
  const lists = view.lists.filter((l) => l.list_id !== listId);
  return { lists, total: lists.length === view.lists.length ? view.total : Math.max(0, view.total - 1) };
}

/**
 * List totals (spec 02: "subtract on delete or remove, add on create or add"): contacts removed from or
 * deleted out of a list lower its contact total, contacts created into or added to it raise it (never
 * below zero).
 */
export function moveListTotal(view: AudienceListView, listId: number, delta: number): AudienceListView {
  return {
    ...view,
    lists: view.lists.map((l) =>
      l.list_id === listId ? { ...l, totalContacts: Math.max(0, l.totalContacts + delta) } : l,
    ),
  };
}

/** The offset to show after a deletion: the same page, or the last one when the page emptied. */
export function offsetAfterDelete(offset: number, totalAfter: number, pageSize: number): number {
  const last = Math.max(0, Math.floor(Math.max(0, totalAfter - 1) / pageSize) * pageSize);
  return Math.min(offset, last);
}
