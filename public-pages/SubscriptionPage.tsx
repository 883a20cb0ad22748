import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { fromPromise } from 'xstate';
import { RESUBSCRIBED_MESSAGE, UNSUBSCRIBED_MESSAGE } from '../domain/preferenceMessages.ts';
import type { RecipientDetails } from '../domain/preferenceSchemas.ts';
import {
  type SubscriptionAction,
  type SubscriptionRequest,
  type SubscriptionResult,
  unsubscribeButtonMachine,
} from '../machines/unsubscribeButtonMachine.ts';
import { Form } from '../src/ui/Form.tsx';
import { useRecordedActor } from '../src/ui/useRecordedActor.ts';
import { NotValidPage } from './NotValidPage.tsx';
import { PublicFooter } from './PublicFooter.tsx';
import { PublicShell } from './PublicShell.tsx';
import { PublicToast } from './PublicToast.tsx';
import type { PreferenceClient } from './preferenceClient.ts';
import type { Navigate } from './publicNavigation.ts';
import { useRecipientDetails } from './useRecipientDetails.ts';

export type SubscriptionPageProps = {
  unsubId: string;
  action: SubscriptionAction;
  client: PreferenceClient;
  navigate: Navigate;
  /** The recipient the server rendered the page with (null: unknown id); absent on a static host. */
  initialDetails?: RecipientDetails | null;
  /** A plain-form (JavaScript off) resubscribe succeeded. */
  notice?: 'resubscribed' | null;
};

const TEXTS: Record<SubscriptionAction, { title: string; question: string; button: string }> = {
  unsubscribe: {
    title: 'Unsubscribe',
    question: 'Are you sure you want to unsubscribe?',
    button: 'YES, UNSUBSCRIBE',
  },
  resubscribe: {
    title: 'Resubscribe',
    question: 'Changed your mind? Subscribe again to keep receiving our emails.',
    button: 'RESUBSCRIBE',
  },
};

/** The centred unsubscribe box and its mirror, the resubscribe box, driven by unsubscribeButtonMachine. */
export function SubscriptionPage({
  unsubId,
  action,
  client,
  navigate,
  initialDetails,
  notice = null,
}: SubscriptionPageProps) {
  const [machine] = useState(() =>
    unsubscribeButtonMachine.provide({
      actors: {
        submit: fromPromise<SubscriptionResult, SubscriptionRequest>(({ input }) =>
          input.action === 'unsubscribe'
            ? client.unsubscribe(input.unsubId)
            : client.resubscribe(input.unsubId),
        ),
      },
    }),
  );
  const actor = useRecordedActor(machine, { name: `${action}Button`, input: { unsubId, action } });
  useEffect(() => {
    const subscription = actor.on('page.navigate', (event) => navigate(event.to));
    return () => subscription.unsubscribe();
  }, [actor, navigate]);
  const idle = useSelector(actor, (s) => s.matches({ button: 'idle' }));
  const submitting = useSelector(actor, (s) => s.matches({ button: 'submitting' }));
  const succeeded = useSelector(actor, (s) => s.context.succeeded);
  const toast = useSelector(actor, (s) => s.context.toast);
  const lookup = useRecipientDetails(client, unsubId, initialDetails);

  if (lookup.state === 'not-valid') return <NotValidPage />;
  const details = lookup.state === 'found' ? lookup.details : null;
  const texts = TEXTS[action];
  const done = action === 'resubscribe' && (succeeded || notice === 'resubscribed');
  const unsubscribed = action === 'resubscribe' && details?.unsub_all === '1';
  const question = unsubscribed ? `${UNSUBSCRIBED_MESSAGE} ${texts.question}` : texts.question;

  return (
    <PublicShell
      width="box"
      showLogo={false}
      footer={
        <PublicFooter
          logoUrl={details?.logo_image_url}
          organisationName={details?.organisation_name}
          privacyUrl={details?.privacy_url}
          contactUrl={details?.contact_url}
        />
      }
    >
      {done ? (
        <div className="pp-check" aria-hidden="true">
          ✓
        </div>
      ) : null}
      <h1 className="pp-title">{texts.title}</h1>
      <p className="pp-text">{done ? RESUBSCRIBED_MESSAGE : question}</p>
      {/* Without JavaScript this is a plain form posted to the page's own URL (the server acts on it).
          Once resubscribed, the page says so and offers the preferences instead of the button. */}
      <Form
        hidden={done}
        method="post"
        className="pp-subscription-form"
        onSubmit={(event) => {
          event.preventDefault();
          actor.send({ type: 'unsubscribe.submit' });
        }}
      >
        <button
          type="submit"
          className={`pp-button ${action === 'unsubscribe' ? 'pp-button--danger' : 'pp-button--primary'} pp-button--upper`}
          disabled={!idle}
          aria-busy={submitting}
        >
          {texts.button}
        </button>
      </Form>
      {action === 'resubscribe' ? (
        <p className="pp-text pp-text--muted">
          <a href={`/unsub/${encodeURIComponent(unsubId)}`}>Manage your email preferences</a>
        </p>
      ) : null}
      <PublicToast toast={toast} onDismiss={() => actor.send({ type: 'toast.dismiss' })} />
    </PublicShell>
  );
}
