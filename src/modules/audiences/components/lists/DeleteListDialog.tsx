import { useEffect, useRef } from 'react';
import type { AudienceListSummary } from '../../../../../domain/audienceLists.ts';
import { countOf, pluralNoun } from '../../../../../domain/countOf.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../../shared/hooks/useRequest.ts';

type Props = {
  list: AudienceListSummary | null;
  onClose: () => void;
  onDeleted: (listId: number) => void;
};

/** Delete confirmation: the list goes, its contacts stay; a list a workflow uses is refused with why. */
export function DeleteListDialog({ list, onClose, onDeleted }: Props) {
  const api = useServices().audienceApi;
  const remove = useRequest<number, number>((id, signal) => api.deleteList(id, signal), 'deleteList');
  const { reset, status, data, error } = remove;
  const listId = list?.list_id;
  useEffect(() => {
    if (listId !== undefined) reset();
  }, [listId, reset]);
  const onDeletedRef = useRef(onDeleted);
  onDeletedRef.current = onDeleted;
  // Each deletion is reported once, when its answer arrives.
  useEffect(() => {
    if (status === 'success' && data !== null) onDeletedRef.current(data);
  }, [status, data]);

  return (
    <Dialog
      open={list !== null}
      onClose={onClose}
      title="Delete this list?"
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={status === 'loading'}
            onClick={() => list && remove.submit(list.list_id)}
          >
            Delete list
          </Button>
        </>
      }
    >
      {list ? (
        <p>
          “{list.list_name}” will be deleted. Its {countOf(list.totalContacts, 'contact', 'contacts')}{' '}
          {pluralNoun(list.totalContacts, 'stays', 'stay')} in People.
        </p>
      ) : null}
      {status === 'failure' && error ? (
        <Alert tone="error" title="The list was not deleted">
          {error.message}
        </Alert>
      ) : null}
    </Dialog>
  );
}
