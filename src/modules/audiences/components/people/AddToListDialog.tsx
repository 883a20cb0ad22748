import { useRef, useState } from 'react';
import type { AudienceListSummary } from '../../../../../domain/audienceLists.ts';
import { countOf } from '../../../../../domain/countOf.ts';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog.tsx';
import { ListPicker } from '../../../shared/components/ListPicker.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useConfirmedRequest } from '../../../shared/hooks/useConfirmedRequest.ts';

type Props = {
  /** How many people are selected, or `summary`: what is chosen, in words. */
  count?: number;
  summary?: string;
  onClose: () => void;
  add: (list: AudienceListSummary) => Promise<void>;
};

/** Picks one of the organisation's lists (the list picker, by name) to add the selected people to. */
export function AddToListDialog({ count = 0, summary, onClose, add }: Props) {
  const api = useServices().audienceApi;
  // The lists shown, by id: the one chosen is handed back whole.
  const seen = useRef(new Map<number, AudienceListSummary>());
  const [chosen, setChosen] = useState<number | null>(null);
  const request = useConfirmedRequest(
    (list: AudienceListSummary) => add(list),
    'addToList',
    () => {},
  );
  const picked = chosen === null ? undefined : seen.current.get(chosen);
  return (
    <ConfirmDialog
      open
      onClose={onClose}
      title="Add to list"
      description={summary ?? `${countOf(count, 'person', 'people')} selected`}
      tone="primary"
      confirmLabel="Add to list"
      disabled={!picked}
      busy={request.busy}
      onConfirm={() => picked && request.confirm(picked)}
      failure={request.failureMessage ? { title: 'Nobody was added', message: request.failureMessage } : null}
    >
      <ListPicker
        variant="compact"
        loadName="people-add-to-list"
        selectedId={chosen}
        onChange={(option) => setChosen(option.list_id)}
        loadLists={async (query, signal) => {
          const page = await api.listLists(
            { offset: query.offset, limit: query.limit, searchWord: query.q },
            signal,
          );
          for (const list of page.data) seen.current.set(list.list_id, list);
          return {
            total_count: page.total_count,
            data: page.data.map((l) => ({
              list_id: l.list_id,
              list_name: l.list_name,
              contact_count: l.totalContacts,
            })),
          };
        }}
      />
    </ConfirmDialog>
  );
}
