import { useState } from 'react';
import type { ConstraintRefusal } from '../../../../../domain/removalConstraints.ts';
import { triggerOf } from '../../../../../domain/workflowCatalogue.ts';
import type { WorkflowFlow } from '../../../../../domain/workflowTypes.ts';
import type { WorkflowMeta } from '../../../../engine/workflowDoc.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Select } from '../../../../ui/Select.tsx';
import { EmailPicker } from '../../../shared/components/EmailPicker.tsx';
import { ListPicker, workflowListOptions } from '../../../shared/components/ListPicker.tsx';
import { optionsState } from '../../../shared/components/optionsState.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { triggerSubjectLabel } from '../../utils/triggerSubjectLabel.ts';
import { useEditorStaticData } from './EditorStaticDataContext.ts';
import { triggerEmailRefusal } from './triggerEmailRefusal.ts';
import type { NodeEdit } from './useNodeEdit.ts';

type Props = {
  meta: WorkflowMeta;
  flow: WorkflowFlow;
  edit: NodeEdit;
  onConstraint: ((refusal: ConstraintRefusal) => void) | undefined;
};

/**
 * The trigger: what starts the workflow (fixed at creation) and its email, list or share profile, which
 * can be changed (editTrigger; saved as trigger_email_update / trigger_list_id). Changing an email that a
 * condition tests (and no step sends) is refused like a step's email: the constraint dialog opens.
 */
export function TriggerEditor({ meta, flow, edit, onConstraint }: Props) {
  const trigger = meta.trigger_id ? triggerOf(meta.trigger_id) : undefined;
  const api = useServices().workflowApi;
  const staticData = useEditorStaticData();
  const [picking, setPicking] = useState(false);
  const [blocked, setBlocked] = useState<string | null>(null);
  const subject = trigger?.subject;
  const current =
    subject === 'email'
      ? (meta.email_name ?? (meta.email_id ? `Email ${meta.email_id}` : null))
      : subject === 'list'
        ? (meta.list_name ?? (meta.list_id ? `List ${meta.list_id}` : null))
        : (staticData.data?.data.share_profiles.find((p) => p.sp_uuid === meta.sp_uuid)?.name ??
          triggerSubjectLabel(meta));

  return (
    <>
      <p>
        <strong>{meta.trigger_name ?? trigger?.trigger_name ?? 'Trigger'}</strong>
        {trigger ? ` — ${trigger.description}` : null}
      </p>
      {subject === 'share_profile' ? (
        (optionsState({
          status: staticData.status,
          hasData: staticData.data !== null,
          error: staticData.error,
          noun: 'share profiles',
          onRetry: () => staticData.load(undefined),
        }) ?? (
          <Select
            label="Share profile"
            value={meta.sp_uuid ?? ''}
            options={[
              { value: '', label: 'Select a share profile', disabled: Boolean(meta.sp_uuid) },
              ...(staticData.data?.data.share_profiles ?? []).map((p) => ({
                value: p.sp_uuid,
                label: p.name,
              })),
            ]}
            onChange={(event) => {
              const chosen = staticData.data?.data.share_profiles.find(
                (p) => p.sp_uuid === event.target.value,
              );
              edit.patchTrigger({ sp_uuid: chosen?.sp_uuid ?? null, sp_name: chosen?.name ?? null });
            }}
          />
        ))
      ) : subject ? (
        <>
          <div className="node-editor__current">
            <span className={current ? 'node-editor__value' : 'node-editor__placeholder'}>
              {current ?? (subject === 'email' ? 'Select email' : 'Select a list')}
            </span>
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={picking}
              onClick={() => setPicking((open) => !open)}
            >
              {picking ? 'Keep it' : subject === 'email' ? 'Change email' : 'Change list'}
            </Button>
          </div>
          {blocked ? <p className="node-editor__error">{blocked}</p> : null}
          {picking && subject === 'email' ? (
            <EmailPicker
              variant="compact"
              loadEmails={(query, signal) => api.getUserEmails(query, signal)}
              loadName="editorEmails"
              selectedId={meta.email_id}
              label="Trigger emails"
              onChange={(email) => {
                const refusal = triggerEmailRefusal(flow, meta, email.email_id);
                if (refusal) {
                  if (onConstraint) onConstraint(refusal);
                  else setBlocked(refusal.message);
                  return;
                }
                setBlocked(null);
                if (edit.patchTrigger({ email_id: email.email_id, email_name: email.email_name }))
                  setPicking(false);
              }}
            />
          ) : null}
          {picking && subject === 'list' ? (
            <ListPicker
              variant="compact"
              loadLists={workflowListOptions(api.getUserContactLists)}
              loadName="editorLists"
              selectedId={meta.list_id}
              onChange={(list) => {
                if (edit.patchTrigger({ list_id: list.list_id, list_name: list.list_name }))
                  setPicking(false);
              }}
            />
          ) : null}
        </>
      ) : null}
    </>
  );
}
