import type { WorkflowTrigger } from '../../../../../domain/workflowTypes.ts';
import { LineIcon } from '../../../../ui/LineIcon.tsx';
import { OptionList } from '../../../shared/components/OptionList.tsx';
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

/** One card per trigger, as a radio group (arrow keys move between them): the picker family's cards. */
export function TriggerChooser({ triggers, value, onChange }: Props) {
  return (
    <fieldset className="automation-triggers">
      <legend className="automation-step__title">1. Choose what starts the workflow</legend>
      <OptionList
        rows={triggers}
        rowKey={(trigger) => trigger.trigger_id}
        label="Triggers"
        variant="cards"
        grid
        selectedKey={value}
        onChoose={onChange}
        render={(trigger) => ({
          lead: (
            <span className="automation-trigger__icon">
              <LineIcon d={TRIGGER_ICONS[trigger.trigger_id] ?? TRIGGER_ICONS[7]} />
            </span>
          ),
          name: trigger.trigger_name,
          more: (
            <>
              <span className="option-picker__line">{trigger.description}</span>
              <span className="option-picker__line">{SUBJECT_HINT[trigger.subject]}</span>
            </>
          ),
        })}
      />
    </fieldset>
  );
}
