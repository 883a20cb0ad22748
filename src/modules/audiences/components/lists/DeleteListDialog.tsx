import type { AudienceListSummary } from '../../../../../domain/audienceLists.ts';
import { countOf, pluralNoun } from '../../../../../domain/countOf.ts';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog.tsx';
import { UserText } from '../../../../ui/UserText.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useConfirmedRequest } from '../../../shared/hooks/useConfirmedRequest.ts';

type Props = {
  list: AudienceListSummary | null;
  onClose: () => void;
  onDeleted: (listId: number) => void;
};

/** Delete confirmation: the list goes, its contacts stay; a list a workflow uses is refused with why. */
export function DeleteListDialog({ list, onClose, onDeleted }: Props) {
  const api = useServices().audienceApi;
  const remove = useConfirmedRequest(
    (id: number, signal) => api.deleteList(id, signal),
    'deleteList',
    onDeleted,
    list?.list_id ?? null,
  );
  return (
    <ConfirmDialog
      open={list !== null}
      onClose={onClose}
      title="Delete this list?"
      confirmLabel="Delete list"
      onConfirm={() => list && remove.confirm(list.list_id)}
      busy={remove.busy}
      failure={
        remove.failureMessage ? { title: 'The list was not deleted', message: remove.failureMessage } : null
      }
    >
      {list ? (
        <p>
          “<UserText>{list.list_name}</UserText>” will be deleted. Its{' '}
          {countOf(list.totalContacts, 'contact', 'contacts')}{' '}
          {pluralNoun(list.totalContacts, 'stays', 'stay')} in People.
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
