import { type FormEvent, useEffect } from 'react';
import type { JourneyCriteria } from '../../../../domain/journeyScoring.ts';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { Form } from '../../../ui/Form.tsx';
import { LoadErrorPanel } from '../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useCriteriaEditor } from '../hooks/useCriteriaEditor.ts';
import { CriteriaPreview } from './CriteriaPreview.tsx';
import { PagePatternsField } from './PagePatternsField.tsx';
import { PointsFields } from './PointsFields.tsx';
import { RecomputeProgress } from './RecomputeProgress.tsx';
import { StagesField } from './StagesField.tsx';

/** The editor of the criteria loaded: the fields, the live preview, and Save with the recompute's progress. */
function CriteriaEditorForm({ loaded }: { loaded: JourneyCriteria }) {
  const editor = useCriteriaEditor(loaded);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    editor.save();
  };
  return (
    <Form className="journey-scoring" onSubmit={submit} noValidate aria-label="Scoring criteria">
      <div className="journey-scoring__fields">
        <Card
          title="Points per activity"
          description="What each activity adds to a contact’s engagement score (an account’s is the sum of its contacts’)."
          className="journey-card"
        >
          <PointsFields editor={editor} />
        </Card>
        <Card
          title="Page patterns"
          description="Extra points for a visit to pages whose path matches; * matches any text."
          className="journey-card"
        >
          <PagePatternsField editor={editor} />
        </Card>
        <Card
          title="Buyer stages"
          description="A contact is in the highest stage whose score it reaches."
          className="journey-card"
        >
          <StagesField editor={editor} />
        </Card>
      </div>
      <div className="journey-scoring__side">
        <Card title="Preview" description="Contacts per stage with these criteria." className="journey-card">
          <CriteriaPreview editor={editor} />
        </Card>
        <div className="journey-scoring__actions">
          <RecomputeProgress actor={editor.recompute} />
          <div className="journey-scoring__buttons">
            <Button variant="ghost" disabled={!editor.dirty || editor.saving} onClick={editor.reset}>
              Discard changes
            </Button>
            <Button type="submit" loading={editor.saving} disabled={!editor.dirty || !editor.valid}>
              Save and recompute
            </Button>
          </div>
        </div>
      </div>
    </Form>
  );
}

/**
 * /buyer-journey/scoring: the organisation's scoring criteria (points per activity, page patterns, the
 * decay half-life, the buyer stages' thresholds) with a live preview of the contacts each stage would
 * hold; Save queues the recompute of every score and shows its progress.
 */
export function JourneyScoringTab() {
  const api = useServices().journeyApi;
  const criteria = useLoad((_: null, signal) => api.criteria(signal), 'journey-criteria');
  const { load } = criteria;
  useEffect(() => load(null), [load]);
  if (criteria.status === 'failure' && criteria.error)
    return (
      <LoadErrorPanel
        title="The scoring criteria could not be loaded"
        message={criteria.error.message}
        onRetry={() => load(null)}
      />
    );
  if (!criteria.data) return <StatePanel kind="loading" title="Loading the scoring criteria…" />;
  return <CriteriaEditorForm loaded={criteria.data} />;
}
