import { useState } from 'react';
import { pluralNoun } from '../../../../../domain/countOf.ts';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import { toRequestFailure } from '../../../../../domain/requestFailure.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';

/** Asks before deleting the selected people. */
export function DeletePeopleDialog({
  count,
  onClose,
  remove,
}: {
  count: number;
  onClose: () => void;
  remove: () => Promise<void>;
}) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const noun = pluralNoun(count, 'person', 'people');
  return (
    <Dialog
      open
      onClose={onClose}
      title={`Delete ${formatThousands(count)} ${noun}?`}
      description="They leave every list and workflow. This cannot be undone."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={busy}
            onClick={async () => {
              setBusy(true);
              setFailure(null);
              try {
                await remove();
              } catch (error) {
                setFailure(toRequestFailure(error).message);
                setBusy(false);
              }
            }}
          >
            Delete {noun}
          </Button>
        </>
      }
    >
      {failure ? (
        <Alert tone="error">{failure}</Alert>
      ) : (
        <p>Their contact details and history will be removed.</p>
      )}
    </Dialog>
  );
}
