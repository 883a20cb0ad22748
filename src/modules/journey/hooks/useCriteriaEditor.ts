import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { fromPromise } from 'xstate';
import type { JourneyCriteriaPreview, JourneyCriteriaSaved } from '../../../../domain/journeyAnswers.ts';
import type { JourneyCriteria, RecomputeJob } from '../../../../domain/journeyScoring.ts';
import { journeyRecomputeMachine } from '../../../../machines/journeyRecomputeMachine.ts';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { type UseLoad, useLoad } from '../../shared/hooks/useLoad.ts';
import { type CriteriaForm, checkCriteria, criteriaForm } from '../utils/criteriaForm.ts';

/**
 * The scoring criteria editor of the criteria loaded: the fields as typed and their check, the preview of
 * contacts per stage (asked again once the typing settles and the criteria are valid; a newer preview
 * supersedes the one in flight, its request aborted), and Save, which queues the recompute and follows its
 * progress (journeyRecomputeMachine).
 */
export function useCriteriaEditor(loaded: JourneyCriteria) {
  const api = useServices().journeyApi;
  const [form, setForm] = useState<CriteriaForm>(() => criteriaForm(loaded));
  const [baseline, setBaseline] = useState(() => JSON.stringify(loaded));
  const check = useMemo(() => checkCriteria(form), [form]);

  const preview: UseLoad<JourneyCriteria, JourneyCriteriaPreview> = useLoad(
    (criteria: JourneyCriteria, signal) => api.criteriaPreview(criteria, signal),
    'journey-criteria-preview',
  );
  const previewKey = useDebouncedValue(check.ok ? JSON.stringify(check.criteria) : null);
  const loadPreview = preview.load;
  useEffect(() => {
    if (previewKey !== null) loadPreview(JSON.parse(previewKey) as JourneyCriteria);
  }, [previewKey, loadPreview]);

  const apiRef = useRef(api);
  apiRef.current = api;
  const [machine] = useState(() =>
    journeyRecomputeMachine.provide({
      actors: {
        save: fromPromise<JourneyCriteriaSaved, JourneyCriteria>(({ input, signal }) =>
          apiRef.current.saveCriteria(input, signal),
        ),
        check: fromPromise<RecomputeJob, number>(({ input, signal }) =>
          apiRef.current.recompute(input, signal),
        ),
      },
    }),
  );
  const recompute = useRecordedActor(machine, { name: 'journey-recompute' });
  const saving = useSelector(recompute, (s) => s.matches('saving'));
  const saved = useSelector(recompute, (s) => s.context.saved);
  // What the server saved becomes what the fields are compared with.
  useEffect(() => {
    if (saved) setBaseline(JSON.stringify(saved));
  }, [saved]);

  const dirty = !check.ok || JSON.stringify(check.criteria) !== baseline;
  const save = () => {
    if (check.ok) recompute.send({ type: 'criteria.save', criteria: check.criteria });
  };
  return {
    form,
    setForm,
    errors: check.ok ? {} : check.errors,
    valid: check.ok,
    dirty,
    preview,
    /** Asks for the preview of the criteria as typed again (after a failure). */
    retryPreview: () => {
      if (check.ok) loadPreview(check.criteria);
    },
    recompute,
    saving,
    save,
    reset: () => setForm(criteriaForm(JSON.parse(baseline) as JourneyCriteria)),
  };
}

export type CriteriaEditor = ReturnType<typeof useCriteriaEditor>;
