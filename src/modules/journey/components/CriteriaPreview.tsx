import { countOf } from '../../../../domain/countOf.ts';
import { formatThousands } from '../../../../domain/formatThousands.ts';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { Table } from '../../../ui/Table.tsx';
import type { CriteriaEditor } from '../hooks/useCriteriaEditor.ts';

/**
 * How many contacts each stage would hold under the criteria as typed: asked once the typing settles,
 * the previous answer dimmed while a newer one loads; criteria with a mistake ask nothing.
 */
export function CriteriaPreview({ editor }: { editor: CriteriaEditor }) {
  const { preview, valid } = editor;
  if (!valid)
    return (
      <StatePanel compact kind="info" title="Correct the criteria to see the preview">
        The fields marked in red need another value.
      </StatePanel>
    );
  if (preview.status === 'failure' && preview.error)
    return (
      <LoadErrorPanel
        compact
        title="The preview could not be loaded"
        message={preview.error.message}
        onRetry={editor.retryPreview}
      />
    );
  if (!preview.data)
    return <StatePanel compact kind="loading" title="Counting the contacts of each stage…" />;
  const total = preview.data.stages.reduce((sum, s) => sum + s.contacts, 0);
  return (
    <div
      className="journey-preview"
      aria-busy={preview.status === 'loading'}
      data-loading={preview.status === 'loading' ? 'true' : undefined}
      data-testid="journey-criteria-preview"
    >
      <Table
        caption="Contacts each stage would hold"
        captionHidden
        columns={[
          { id: 'name', header: 'Stage', cell: (s) => s.name },
          { id: 'contacts', header: 'Contacts', align: 'end', cell: (s) => formatThousands(s.contacts) },
        ]}
        rows={preview.data.stages}
        rowKey={(s) => s.name}
        rowProps={() => ({ testId: 'journey-preview-row' })}
      />
      <p className="journey-muted">{countOf(total, 'contact', 'contacts')} in all.</p>
    </div>
  );
}
