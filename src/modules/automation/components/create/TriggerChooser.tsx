import type { WorkflowTrigger } from '../../../../../domain/workflowTypes.ts';
import { LineIcon } from '../../../../ui/LineIcon.tsx';
import { RadioCard } from '../../../../ui/Radio.tsx';
import { TRIGGER_ICONS } from '../../utils/triggerIcons.ts';

type Props = {
  triggers: WorkflowTrigger[];
  value: WorkflowTrigger['trigger_id'] | null;
  onChange: (trigger: WorkflowTrigger) => void;
};

const SUBJECT_HINT: Record<WorkflowTrigger['subject'], string> = {
  email: 'Starts from an email',
  list: 'Starts from a list',
  share_profile: 'Starts from a share profile',
};

/** One card per trigger, as a radio group (arrow keys move between them). */
export function TriggerChooser({ triggers, value, onChange }: Props) {
  return (
    <fieldset className="automation-triggers">
      <legend className="automation-step__title">1. Choose what starts the workflow</legend>
      <div className="automation-triggers__grid">
        {triggers.map((trigger) => (
          <RadioCard
            key={trigger.trigger_id}
            className={`automation-trigger${value === trigger.trigger_id ? ' automation-trigger--selected' : ''}`}
            inputClassName="automation-trigger__input"
            name="trigger"
            value={trigger.trigger_id}
            checked={value === trigger.trigger_id}
            onChange={() => onChange(trigger)}
          >
            <span className="automation-trigger__icon">
              <LineIcon d={TRIGGER_ICONS[trigger.trigger_id] ?? TRIGGER_ICONS[7]} />
            </span>
            <span className="automation-trigger__text">
              <span className="automation-trigger__name">{trigger.trigger_name}</span>
              <span className="automation-trigger__description">{trigger.description}</span>
              <span className="automation-muted">{SUBJECT_HINT[trigger.subject]}</span>
            </span>
          </RadioCard>
        ))}
      </div>
    </fieldset>
  );
}
