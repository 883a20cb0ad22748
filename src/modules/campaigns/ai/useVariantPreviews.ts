import { useEffect, useMemo } from 'react';
import type { AiVariant } from '../../../../domain/aiEmails.ts';
import { toRequestFailure } from '../../../../domain/requestFailure.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import type { VariantPreviewState } from './AiVariantCard.tsx';

/** Each version's preview: its HTML, or why it failed. */
type Previews = Map<number, { html: string } | { failed: string }>;

/**
 * The rendered previews of a generation's variants, asked one after the other: a newer preview request
 * supersedes one in flight (the designer's rule), so they are never asked side by side. Asked again when
 * the variants change (regenerated, another template).
 */
export function useVariantPreviews(variants: readonly AiVariant[] | null) {
  const { publishApi } = useServices();
  const previews = useLoad<number[], Previews>(async (versionIds, signal) => {
    const found: Previews = new Map();
    for (const versionId of versionIds) {
      try {
        found.set(versionId, { html: (await publishApi.generatePreview({ versionId }, signal)).html });
      } catch (error) {
        if (signal.aborted) throw error;
        found.set(versionId, { failed: toRequestFailure(error).message });
      }
    }
    return found;
  }, 'aiVariantPreviews');
  const { load } = previews;
  // The variants' content changes with a new answer: a new list of the same ids asks again.
  const ids = useMemo(() => variants?.map((v) => v.version_id) ?? null, [variants]);
  useEffect(() => {
    if (ids) load(ids);
  }, [ids, load]);
  return previews.data;
}

/** What a card shows of its preview. */
export function previewOf(previews: Previews | null, versionId: number): VariantPreviewState {
  const found = previews?.get(versionId);
  if (!found) return { failed: null };
  return 'html' in found ? found.html : { failed: found.failed };
}
