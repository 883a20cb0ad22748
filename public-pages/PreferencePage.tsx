import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import {
  hasAnyOptionOn,
  type PreferencePayload,
  type PreferenceRecord,
  type PreferenceSection,
  visibleSections,
} from '../domain/preferenceForm.ts';
import { normaliseUnsubUuid, UNKNOWN_RECIPIENT_MESSAGE } from '../domain/preferenceMessages.ts';
import { preferencePageEvent } from '../domain/preferencePageEvent.ts';
import { POSTED_FIELDS, renderedCheckedSections } from '../domain/preferencePostedForm.ts';
import type { RecipientDetails } from '../domain/preferenceSchemas.ts';
import { LOADING_TEXT } from '../domain/publicPageTimings.ts';
import type { RequestFailure } from '../domain/requestFailure.ts';
import { type PreferenceSaveResult, preferenceFormMachine } from '../machines/preferenceFormMachine.ts';
import { Form } from '../src/ui/Form.tsx';
import { useRecordedActor } from '../src/ui/useRecordedActor.ts';
import { NotValidPage } from './NotValidPage.tsx';
import { PreferenceSectionField } from './PreferenceSectionField.tsx';
import { PublicShell } from './PublicShell.tsx';
import { PublicToast } from './PublicToast.tsx';
import type { PreferenceClient } from './preferenceClient.ts';
import type { Navigate } from './publicNavigation.ts';
import { useHydrated } from './useHydrated.ts';

export type PreferencePageProps = {
  unsubId: string;
  client: PreferenceClient;
  navigate: Navigate;
  /**
   * What the server rendered the page with: the recipient (null: unknown id) and a refused plain-form
   * post's message. Absent on a static host: the page loads the record itself.
   */
  initial?: { details: RecipientDetails | null; formError: string | null };
};

function notValid(message: string): RequestFailure {
  return { kind: 'rejected', status: 200, message };
}

/** /unsub/{unsubid}: the recipient's preference management page, driven by preferenceFormMachine. */
export function PreferencePage({ unsubId, client, navigate, initial }: PreferencePageProps) {
  const hydrated = useHydrated();
  const [machine] = useState(() =>
    preferenceFormMachine.provide({
      actors: {
        load: fromPromise<PreferenceRecord, { unsubId: string }>(async ({ input }) => {
          if (normaliseUnsubUuid(input.unsubId) === null) throw notValid(UNKNOWN_RECIPIENT_MESSAGE);
          const details = await client.getRecipientDetails(input.unsubId);
          if (!details) throw notValid(UNKNOWN_RECIPIENT_MESSAGE);
          return details;
        }),
        save: fromPromise<PreferenceSaveResult, PreferencePayload>(({ input }) =>
          client.updatePreference(input),
        ),
      },
    }),
  );
  const actor = useRecordedActor(machine, {
    name: 'preferenceForm',
    input: { unsubId, record: initial?.details ?? null },
  });
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

  if (loadError?.kind === 'rejected' || (initial && !initial.details)) return <NotValidPage />;
  // Without JavaScript nothing re-enables a disabled button: the server's HTML leaves Submit usable and
  // the server refuses a form with nothing chosen, saying why.
  const submitEnabled = editing && form !== null && (!hydrated || hasAnyOptionOn(form));
  const toggled = (section: PreferenceSection) => {
    const after = actor.getSnapshot().context.form;
    // What the recipient did goes to unsubscribe_page_events/; the page never waits for it.
    if (after) client.recordPageEvent(preferencePageEvent(after, section, new Date())).catch(() => {});
  };

  return (
    <PublicShell logoUrl={form?.logoUrl} organisationName={form?.organisationName}>
      <h1 className="pp-title">Preference Management</h1>
      <p className="pp-text">
        Pick and choose the communications that you are interested in.
        {form?.email ? <span className="pp-email">{` (${form.email})`}</span> : null}
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
        // Without JavaScript this is a plain form posted to the page's own URL (the server saves it).
        <Form
          className="pp-form"
          method="post"
          aria-label="Email preferences"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send({ type: 'preference.submit' });
          }}
        >
          {initial?.formError ? (
            <p className="pp-form-error" role="alert">
              {initial.formError}
            </p>
          ) : null}
          {renderedCheckedSections(form).map((section) => (
            <input key={section} type="hidden" name={POSTED_FIELDS.renderedChecked} value={section} />
          ))}
          {visibleSections(form).map((section) => (
            <PreferenceSectionField
              key={section}
              form={form}
              section={section}
              editable={editing}
              linked={hydrated}
              onToggle={(s) => {
                actor.send({ type: 'preference.toggle', section: s });
                toggled(s);
              }}
              onToggleSub={(s, key) => {
                actor.send({ type: 'preference.toggleSub', section: s, key });
                toggled(s);
              }}
            />
          ))}
          <div className="pp-actions">
            <button type="submit" className="pp-button pp-button--primary" disabled={!submitEnabled}>
              {saving ? 'Saving...' : 'Submit'}
            </button>
          </div>
        </Form>
      ) : null}
      <PublicToast toast={toast} onDismiss={() => actor.send({ type: 'toast.dismiss' })} />
    </PublicShell>
  );
}
