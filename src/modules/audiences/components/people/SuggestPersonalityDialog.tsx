import { useEffect, useState } from 'react';
import type { PersonalitySuggestion } from '../../../../../domain/aiEmails.ts';
import type { PersonRow } from '../../../../../domain/audiencePeople.ts';
import { toRequestFailure } from '../../../../../domain/requestFailure.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { UserText } from '../../../../ui/UserText.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { PersonalityBadge } from './PersonalityBadge.tsx';

type Props = {
  /** The unprofiled people chosen. */
  people: PersonRow[];
  onClose: () => void;
  /** Saves the suggestion as the contact's personality (the contact update call). */
  accept: (person: PersonRow, suggestion: PersonalitySuggestion) => Promise<void>;
};

/**
 * "Suggest personality" for unprofiled people: a personality for each (from their title, company and
 * engagement, by the configured model or the composer's rules) with the reason, shown as a suggestion
 * that is only saved when the user accepts it.
 */
export function SuggestPersonalityDialog({ people, onClose, accept }: Props) {
  const { aiEmailApi } = useServices();
  const suggestions = useLoad<number[], PersonalitySuggestion[]>(
    (ids, signal) => aiEmailApi.suggestPersonality(ids, signal),
    'suggestPersonality',
  );
  const { load } = suggestions;
  const [ids] = useState(() => people.map((p) => p.contact_id));
  useEffect(() => load(ids), [load, ids]);
  const [accepted, setAccepted] = useState<ReadonlySet<number>>(new Set());
  const [busy, setBusy] = useState<ReadonlySet<number>>(new Set());
  const [failure, setFailure] = useState<string | null>(null);
  const byId = new Map(people.map((p) => [p.contact_id, p]));
  const open = (suggestions.data ?? []).filter((s) => byId.has(s.contact_id) && !accepted.has(s.contact_id));

  const take = async (list: PersonalitySuggestion[]) => {
    setFailure(null);
    setBusy(new Set(list.map((s) => s.contact_id)));
    for (const suggestion of list) {
      const person = byId.get(suggestion.contact_id);
      if (!person) continue;
      try {
        await accept(person, suggestion);
        setAccepted((current) => new Set([...current, suggestion.contact_id]));
      } catch (error) {
        setFailure(`${person.full_name}: ${toRequestFailure(error).message}`);
        break;
      }
    }
    setBusy(new Set());
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="lg"
      title="Suggested personalities"
      description="Nothing is saved until you accept a suggestion."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          <Button disabled={open.length === 0 || busy.size > 0} onClick={() => void take(open)}>
            Accept all
          </Button>
        </>
      }
    >
      {suggestions.status === 'failure' ? (
        <Alert tone="error" title="No suggestions">
          {suggestions.error?.message}
        </Alert>
      ) : !suggestions.data ? (
        <StatePanel compact kind="loading" title="Looking at these people…" />
      ) : suggestions.data.length === 0 ? (
        <StatePanel compact kind="empty" title="No suggestions">
          There was not enough to go on for these people.
        </StatePanel>
      ) : (
        <ul className="people-suggestions" aria-label="Suggestions">
          {suggestions.data.map((s) => {
            const person = byId.get(s.contact_id);
            if (!person) return null;
            return (
              <li key={s.contact_id} className="people-suggestion">
                <div className="people-suggestion__who">
                  <UserText className="people-suggestion__name">{person.full_name}</UserText>
                  <PersonalityBadge type={s.personality_type} personality="N/A" />
                </div>
                <p className="people-suggestion__reason">{s.reason}</p>
                {accepted.has(s.contact_id) ? (
                  <span className="people-suggestion__done" role="status">
                    Accepted
                  </span>
                ) : (
                  <Button
                    size="sm"
                    variant="secondary"
                    loading={busy.has(s.contact_id)}
                    disabled={busy.size > 0}
                    aria-label={`Accept ${s.personality_type} for ${person.full_name}`}
                    onClick={() => void take([s])}
                  >
                    Accept
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {failure ? (
        <Alert tone="error" title="Not saved">
          {failure}
        </Alert>
      ) : null}
    </Dialog>
  );
}
