import type { Draft } from 'immer';
import type { AudienceListSummary } from '../../../../domain/audienceLists.ts';
import type { PagedRows } from '../../shared/utils/pagedRows.ts';

/** The Lists screen's cards: the lists shown and how many there are. */
export type AudienceListRows = PagedRows<AudienceListSummary>;

export const listKey = (list: AudienceListSummary) => list.list_id;

/**
 * List totals ("subtract on delete or remove, add on create or add"): contacts removed from or
 * deleted out of a list lower its contact total, contacts created into or added to it raise it (never
 * below zero). An immer recipe on the lists shown.
 */
export function moveListTotal(shown: Draft<AudienceListRows>, listId: number, delta: number): void {
  const list = shown.rows.find((l) => l.list_id === listId);
  if (list) list.totalContacts = Math.max(0, list.totalContacts + delta);
}
