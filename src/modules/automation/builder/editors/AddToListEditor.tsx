import { memo } from 'react';
import type { FlowNode } from '../../../../../domain/workflowTypes.ts';
import { ListPicker, workflowListOptions } from '../../../shared/components/ListPicker.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import type { NodeEdit } from './useNodeEdit.ts';

type Props = { node: FlowNode; edit: NodeEdit };

/** Add to list: the list contacts are added to (a workflow with a list-less step cannot be published). */
export const AddToListEditor = memo(function AddToListEditor({ node, edit }: Props) {
  const api = useServices().workflowApi;
  const list = node.detail.list;
  return (
    <section className="node-editor__section" aria-label="List">
      <p className="node-editor__current">
        {list ? (
          <>
            Adds contacts to <strong>{list.name}</strong>
          </>
        ) : (
          <span className="node-editor__placeholder">Select a list</span>
        )}
      </p>
      <ListPicker
        variant="compact"
        loadLists={workflowListOptions(api.getUserContactLists)}
        loadName="editorLists"
        selectedId={list?.id ?? null}
        onChange={(chosen) => edit.patch({ list: { id: chosen.list_id, name: chosen.list_name } }, 'list')}
      />
    </section>
  );
});
