import { useState } from 'react';
import { BUYER_STAGES } from '../../../../../domain/audiencePeople.ts';
import { formatThousands } from '../../../../../domain/formatThousands.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Select } from '../../../../ui/Select.tsx';

type Props = {
  count: number;
  allMode: boolean;
  total: number;
  excluded: number;
  onSelectAll: () => void;
  onClear: () => void;
  onDelete: () => void;
  onAddToList: () => void;
  onBuyerStage: (stage: string) => void;
  /** On the Unprofiled tab: suggest a personality for the people chosen. */
  onSuggestPersonality?: () => void;
};

/** What is selected ("All 2,014 selected", exclusions) and what can be done with it. */
export function PeopleSelectionBar(props: Props) {
  const { count, allMode, total, excluded } = props;
  const [stage, setStage] = useState('');
  const label = allMode
    ? `All ${formatThousands(count)} selected${excluded > 0 ? ` (${formatThousands(excluded)} unselected)` : ''}`
    : `${formatThousands(count)} selected`;
  return (
    <section className="people-selection" aria-label="Selection">
      <p className="people-selection__count" role="status">
        {label}
      </p>
      {!allMode && count < total ? (
        <Button variant="ghost" size="sm" onClick={props.onSelectAll}>
          Select all {formatThousands(total)}
        </Button>
      ) : null}
      <Button variant="ghost" size="sm" onClick={props.onClear}>
        Clear selection
      </Button>
      <div className="people-selection__actions">
        {props.onSuggestPersonality ? (
          <Button size="sm" variant="secondary" onClick={props.onSuggestPersonality}>
            Suggest personality
          </Button>
        ) : null}
        <Button size="sm" variant="secondary" onClick={props.onAddToList}>
          Add to list
        </Button>
        <div className="people-selection__stage">
          <Select
            className="people-selection__stage-select"
            label="Buyer stage"
            hideLabel
            value={stage}
            onChange={(event) => setStage(event.target.value)}
            options={[
              { value: '', label: 'Buyer stage…' },
              ...BUYER_STAGES.map((s) => ({ value: s, label: s })),
            ]}
          />
          <Button size="sm" variant="secondary" disabled={!stage} onClick={() => props.onBuyerStage(stage)}>
            Change stage
          </Button>
        </div>
        <Button size="sm" variant="danger" onClick={props.onDelete}>
          Delete
        </Button>
      </div>
    </section>
  );
}
