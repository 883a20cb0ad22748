import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { type PreferenceSaveResult, preferenceFormMachine } from '../machines/preferenceFormMachine.ts';
import {
  hasAnyOptionOn,
  type PreferencePayload,
  type PreferenceRecord,
  visibleSections,
} from '../src/domain/preferenceForm.ts';
import { unsubUuidSchema } from '../src/domain/preferenceSchemas.ts';
import { LOADING_TEXT } from '../src/domain/publicPageTimings.ts';
import type { RequestFailure } from '../src/domain/requestFailure.ts';
import { useRecordedActor } from '../src/modules/shared/hooks/useRecordedActor.ts';
import { NotValidPage } from './NotValidPage.tsx';
import { PreferenceSectionField } from './PreferenceSectionField.tsx';
import { PublicShell } from './PublicShell.tsx';
import { PublicToast } from './PublicToast.tsx';
import type { PreferenceClient } from './preferenceClient.ts';
import type { Navigate } from './publicNavigation.ts';

export type PreferencePageProps = { unsubId: string; client: PreferenceClient; navigate: Navigate };

function notValid(message: string): RequestFailure {
  return { kind: 'rejected', status: 200, message };
}

/** /unsub/{unsubid}: the recipient's preference management page, driven by preferenceFormMachine. */
export function PreferencePage({ unsubId, client, navigate }: PreferencePageProps) {
  const [machine] = useState(() =>
    preferenceFormMachine.provide({
      actors: {
        load: fromPromise<PreferenceRecord, { unsubId: string }>(async ({ input }) => {
          if (!unsubUuidSchema.safeParse(input.unsubId).success) throw notValid('This link is not valid.');
          const answer = await client.getRecipientDetails(input.unsubId);
          if (answer.status !== 'True') throw notValid(answer.msg);
          return answer;
        }),
        save: fromPromise<PreferenceSaveResult, PreferencePayload>(({ input }) =>
          client.updatePreference(input),
        ),
      },
    }),
  );
  const actor = useRecordedActor(machine, { name: 'preferenceForm', input: { unsubId } });
  useEffect(() => {
    const subscription = actor.on('page.navigate', (event) => navigate(event.to));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);

  const form = useSelector(actor, (s) => s.context.form);
  const loading = useSelector(
    actor,
    (s) => s.matches({ form: 'loading' }) || s.matches({ form: 'starting' }),
  );
  const editing = useSelector(actor, (s) => s.matches({ form: 'editing' }));
  const saving = useSelector(actor, (s) => s.matches({ form: 'saving' }) || s.matches({ form: 'saved' }));
  const loadError = useSelector(actor, (s) => s.context.loadError);
  const toast = useSelector(actor, (s) => s.context.toast);

  if (loadError?.kind === 'rejected') return <NotValidPage />;
  const submitEnabled = editing && form !== null && hasAnyOptionOn(form);

  return (
    <PublicShell logoUrl={form?.logoUrl}>
      <h1 className="pp-title">Preference Management</h1>
      <p className="pp-text">
        Pick and choose the communications that you are interested in.
        {form?.email ? <span className="pp-email"> ({form.email})</span> : null}
      </p>
      {loading ? (
        <p className="pp-loading" role="status">
          {LOADING_TEXT}
        </p>
      ) : null}
      {loadError ? (
        <div className="pp-load-error" role="alert">
          <p>We could not load your preferences. {loadError.message}</p>
          <button
            type="button"
            className="pp-button pp-button--secondary"
            onClick={() => actor.send({ type: 'preference.retry' })}
          >
            Try again
          </button>
        </div>
      ) : null}
      {form ? (
        <form
          className="pp-form"
          aria-label="Email preferences"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'preference.submit' });
          }}
        >
          {visibleSections(form).map((section) => (
            <PreferenceSectionField
              key={section}
              form={form}
              section={section}
              editable={editing}
              onToggle={(s) => actor.send({ type: 'preference.toggle', section: s })}
              onToggleSub={(s, key) => actor.send({ type: 'preference.toggleSub', section: s, key })}
            />
          ))}
          <div className="pp-actions">
            <button type="submit" className="pp-button pp-button--primary" disabled={!submitEnabled}>
              {saving ? 'Saving...' : 'Submit'}
            </button>
          </div>
        </form>
      ) : null}
      <PublicToast toast={toast} onDismiss={() => actor.send({ type: 'toast.dismiss' })} />
    </PublicShell>
  );
}
