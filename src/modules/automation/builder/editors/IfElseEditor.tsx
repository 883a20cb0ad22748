import { memo, useEffect } from 'react';
import type {
  Condition,
  ConditionType,
  Connector,
  FlowNode,
  WorkflowAnswers,
} from '../../../../../domain/workflowTypes.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Select } from '../../../../ui/Select.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { optionsState } from '../../../shared/components/optionsState.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { ConditionRow } from './ConditionRow.tsx';
import { DEFAULT_CONDITION_TYPE, newCondition } from './conditionDefaults.ts';
import { defaultTimezone, useEditorStaticData } from './EditorStaticDataContext.ts';
import type { NodeEdit } from './useNodeEdit.ts';
import type { WorkflowEmailOption } from './workflowEmailOptions.ts';

type Props = {
  node: FlowNode;
  edit: NodeEdit;
  workflowId: number;
  emails: readonly WorkflowEmailOption[];
};

const CONNECTORS: readonly Connector[] = ['AND', 'OR'];

/**
 * If / Else: a list of conditions joined by AND or OR. A new condition is "has opened" on the
 * workflow's first email. Every change writes the node's `conditions` (or `connector`) through editNode.
 */
export const IfElseEditor = memo(function IfElseEditor({ node, edit, workflowId, emails }: Props) {
  const api = useServices().workflowApi;
  const staticData = useEditorStaticData();
  const timezones = staticData.data?.data.timezones ?? [];
  const conditions = node.detail.conditions ?? [];
  const connector = node.detail.connector ?? 'AND';
  const needsLists = conditions.some((condition) => condition.conditionType === 'list');
  const lists = useLoad<string, WorkflowAnswers['get_user_contact_lists']>(
    (name, signal) => api.getUserContactLists(name, signal),
    'conditionLists',
  );
  const { load: loadLists, status: listStatus } = lists;
  useEffect(() => {
    if (needsLists && listStatus === 'idle') loadLists('');
  }, [needsLists, listStatus, loadLists]);
  const needsTimezones = conditions.some(
    (c) => c.conditionType === 'current day' || c.conditionType === 'current time',
  );

  const write = (next: Condition[], field: string) => edit.patch({ conditions: next }, field);
  const change = (index: number, patch: Partial<Condition>, field: string) =>
    write(
      conditions.map((condition, i) => (i === index ? { ...condition, ...patch } : condition)),
      `conditions.${index}.${field}`,
    );
  const retype = (index: number, type: ConditionType) =>
    write(
      conditions.map((condition, i) =>
        i === index
          ? newCondition(type, emails, condition.timezone ?? defaultTimezone(timezones))
          : condition,
      ),
      `conditions.${index}.type`,
    );

  return (
    <>
      {conditions.length > 1 ? (
        <Select
          label="Join the conditions with"
          value={connector}
          options={CONNECTORS.map((value) => ({
            value,
            label: value === 'AND' ? 'AND (all must hold)' : 'OR (any may hold)',
          }))}
          onChange={(event) => edit.patch({ connector: event.target.value as Connector }, 'connector')}
        />
      ) : null}
      {needsTimezones
        ? optionsState({
            status: staticData.status,
            hasData: staticData.data !== null,
            error: staticData.error,
            noun: 'time zones',
            onRetry: () => staticData.load(undefined),
          })
        : null}
      {needsLists
        ? optionsState({
            status: lists.status,
            hasData: lists.data !== null,
            error: lists.error,
            noun: 'lists',
            onRetry: () => loadLists(''),
          })
        : null}
      {conditions.length === 0 ? (
        <StatePanel compact kind="empty" title="No condition yet">
          Contacts go down the Yes branch when the conditions hold, else down the No branch.
        </StatePanel>
      ) : (
        <ol className="node-editor__conditions">
          {conditions.map((condition, index) => (
            // Conditions have no id of their own: their place in the list is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index}>
              {index > 0 ? <p className="node-editor__connector">{connector}</p> : null}
              <ConditionRow
                index={index}
                condition={condition}
                emails={emails}
                lists={lists.data?.data ?? null}
                timezones={timezones}
                nodeId={node.nodeId}
                workflowId={workflowId}
                onType={(type) => retype(index, type)}
                onChange={(patch, field) => change(index, patch, field)}
                onRemove={() =>
                  write(
                    conditions.filter((_, i) => i !== index),
                    `conditions.remove.${index}`,
                  )
                }
              />
            </li>
          ))}
        </ol>
      )}
      <Button
        variant="secondary"
        onClick={() =>
          write(
            [...conditions, newCondition(DEFAULT_CONDITION_TYPE, emails, defaultTimezone(timezones))],
            'conditions.add',
          )
        }
      >
        Add condition
      </Button>
    </>
  );
});
