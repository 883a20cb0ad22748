import { useEffect, useState } from 'react';
import type { AudienceListSummary } from '../../../../../domain/audienceLists.ts';
import { countOf } from '../../../../../domain/countOf.ts';
import { toRequestFailure } from '../../../../../domain/requestFailure.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { LoadErrorPanel } from '../../../../ui/LoadErrorPanel.tsx';
import { Radio } from '../../../../ui/Radio.tsx';
import { Spinner } from '../../../../ui/Spinner.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';

type Props = {
  count: number;
  onClose: () => void;
  add: (list: AudienceListSummary) => Promise<void>;
};

/** Picks one of the organisation's lists (searched by name) to add the selected people to. */
export function AddToListDialog({ count, onClose, add }: Props) {
  const api = useServices().audienceApi;
  const [search, setSearch] = useState('');
  const settled = useDebouncedValue(search.trim());
  const lists = useLoad(
    (searchWord: string, signal) => api.listLists({ offset: 0, limit: 50, searchWord }, signal),
    'people-add-to-list',
  );
  const { load } = lists;
  useEffect(() => load(settled), [load, settled]);
  const [chosen, setChosen] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const rows = lists.data?.data ?? [];
  const picked = rows.find((list) => list.list_id === chosen) ?? null;

  const confirm = async () => {
    if (!picked) return;
    setBusy(true);
    setFailure(null);
    try {
      await add(picked);
    } catch (error) {
      setFailure(toRequestFailure(error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title="Add to list"
      description={`${countOf(count, 'person', 'people')} selected`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!picked} loading={busy}>
            Add to list
          </Button>
        </>
      }
    >
      {failure ? <Alert tone="error">{failure}</Alert> : null}
      <TextField
        label="Find a list"
        type="search"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {lists.status === 'failure' && !lists.data ? (
        <LoadErrorPanel
          compact
          title="The lists could not be loaded"
          message={lists.error?.message}
          onRetry={() => load(settled)}
        />
      ) : !lists.data ? (
        <Spinner label="Loading lists" />
      ) : rows.length === 0 ? (
        <p>No list matches.</p>
      ) : (
        <fieldset className="list-picker">
          <legend className="ui-visually-hidden">Lists</legend>
          {rows.map((list) => (
            <Radio
              key={list.list_id}
              className="list-picker__option"
              name="list"
              value={list.list_id}
              checked={chosen === list.list_id}
              onChange={() => setChosen(list.list_id)}
              label={<span className="list-picker__name">{list.list_name}</span>}
              description={countOf(list.totalContacts, 'contact', 'contacts')}
            />
          ))}
        </fieldset>
      )}
    </Dialog>
  );
}
