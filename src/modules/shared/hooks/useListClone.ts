import type { Draft } from 'immer';
import { useEffect, useRef, useState } from 'react';
import { useToast } from '../../../ui/useToast.ts';
import { insertAfter, type PagedRows } from '../utils/pagedRows.ts';
import { useRequest } from './useRequest.ts';

type Options<TRow> = {
  /** The request actor's name in the session log. */
  name: string;
  clone: (id: number, signal: AbortSignal) => Promise<TRow>;
  key: (row: TRow) => number;
  /** The copy's name, for the message. */
  nameOf: (row: TRow) => string;
  /** The copy as the list shows it (a campaign's copy has zeroed figures). */
  shown?: (copy: TRow) => TRow;
};

/**
 * Clone from a card list: the copy goes right after its original in the rows shown and the total rises;
 * each clone is placed and reported once, when its answer arrives; a failure is reported in a toast.
 */
export function useListClone<TRow>(
  edit: (recipe: (draft: Draft<PagedRows<TRow>>) => void) => void,
  options: Options<TRow>,
) {
  const toast = useToast();
  const optionsRef = useRef(options);
  optionsRef.current = options;
  const clone = useRequest<number, { originalId: number; copy: TRow }>(
    async (id, signal) => ({ originalId: id, copy: await optionsRef.current.clone(id, signal) }),
    options.name,
  );
  const [cloningId, setCloningId] = useState<number | null>(null);
  const toastRef = useRef(toast);
  toastRef.current = toast;
  const editRef = useRef(edit);
  editRef.current = edit;
  useEffect(() => {
    if (clone.status === 'success' && clone.data) {
      const { originalId, copy } = clone.data;
      const { key, nameOf, shown } = optionsRef.current;
      editRef.current((draft) => insertAfter(draft, originalId, shown ? shown(copy) : copy, key));
      toastRef.current.show({ tone: 'success', message: `“${nameOf(copy)}” was added after the original.` });
      setCloningId(null);
    } else if (clone.status === 'failure' && clone.error) {
      toastRef.current.show({ tone: 'error', message: clone.error.message });
      setCloningId(null);
    }
  }, [clone.status, clone.data, clone.error]);
  const { submit } = clone;
  return {
    /** The id of the original being cloned. */
    cloningId,
    start: (id: number) => {
      setCloningId(id);
      submit(id);
    },
  };
}
