import { useCallback } from 'react';
import { MAX_COLUMN_COUNT } from '../../../../../domain/emailDesign.ts';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { useDesign } from '../hooks/useDesign.ts';
import { ChoiceField } from './PropertyFields.tsx';

const COUNTS = Array.from({ length: MAX_COLUMN_COUNT - 1 }, (_, i) => {
  const count = String(i + 2);
  return { value: count, label: `${count} columns` };
});

/**
 * How many columns a columns block has (2 to MAX_COLUMN_COUNT). Fewer columns keep every block: those of
 * a column taken away show at the end of the last one (and go back to theirs if it comes back).
 */
export function ColumnCountField({
  blockId,
  set,
}: {
  blockId: string;
  set: (props: Record<string, unknown>) => void;
}) {
  const { draft } = useDesigner();
  const count = useDesign(
    draft,
    useCallback((d: DesignDraft) => d.getLayout().columns[blockId]?.length ?? 2, [blockId]),
  );
  return (
    <ChoiceField
      label="Columns"
      value={String(count)}
      options={COUNTS}
      onChange={(value) => set({ columnCount: Number(value) })}
    />
  );
}
