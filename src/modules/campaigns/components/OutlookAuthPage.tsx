import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { OutlookConnected, SendApi } from '../../../api/sendApi.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { PageHeader } from '../../../ui/PageHeader.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import './publish.css';

type Returned = { code: string; state: string; session_state?: string };

/**
 * One finish per state in this page: a second mount (React's strict mode, a re-render) gets the first
 * answer instead of spending the one-time state again. Not cancellable on purpose: the state is used once.
 */
const finishing = new Map<string, Promise<OutlookConnected>>();

async function finishConnection(api: SendApi, returned: Returned): Promise<OutlookConnected> {
  let pending = finishing.get(returned.state);
  if (!pending) {
    pending = (async () => {
      const connected = await api.outlookCallback(returned);
      if (connected.campaign_id !== null && connected.email_id !== null && connected.version_id !== null) {
        // The connection was started to send this edition through the mailbox: choose it for the edition.
        await api
          .outlookRoute({
            campaignId: connected.campaign_id,
            emailId: connected.email_id,
            versionId: connected.version_id,
            on: true,
          })
          .catch(() => {});
      }
      return connected;
    })();
    finishing.set(returned.state, pending);
  }
  return pending;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/**
 * /outlook_auth?code&state&session_state: where Microsoft sends the browser back after the person allowed
 * (or refused) sending through their Outlook mailbox. It finishes the connection (callback/), then goes
 * back to the edition's publish step; a refusal or a failure is shown with the way back.
 */
export function OutlookAuthPage() {
  return (
    <div className="publish-page">
      <PageHeader eyebrow="Outlook" title="Connect Outlook" />
      <OutlookAuthState />
    </div>
  );
}

function OutlookAuthState() {
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  const returned: Returned = {
    code: text(search.code),
    state: text(search.state),
    ...(text(search.session_state) ? { session_state: text(search.session_state) } : {}),
  };
  const denied = text(search.error);
  const api = useServices().sendApi;
  const navigate = useNavigate();
  // The code and state stay out of the event log: the load's input is null, the values are read here.
  const returnedRef = useRef(returned);
  const finish = useLoad<null, OutlookConnected>(
    () => finishConnection(api, returnedRef.current),
    'outlookCallback',
  );
  const { load } = finish;
  const canFinish = !denied && returned.code !== '' && returned.state !== '';
  useEffect(() => {
    if (canFinish) load(null);
  }, [canFinish, load]);

  const connected = finish.data;
  useEffect(() => {
    if (!connected || connected.version_id === null) return;
    void navigate({
      to: '/campaigns/{-$page}/{-$tab}/{-$subTab}',
      params: { page: 'editionedit', tab: 'publish', subTab: undefined },
      search: {
        ...(connected.campaign_id !== null ? { campaign_id: String(connected.campaign_id) } : {}),
        ...(connected.email_id !== null ? { email_id: String(connected.email_id) } : {}),
        version_id: String(connected.version_id),
      } as never,
      replace: true,
    });
  }, [connected, navigate]);

  const back = <Link {...areaLinks.campaigns}>Back to your campaigns</Link>;
  if (denied) {
    return (
      <StatePanel kind="error" title="Outlook was not connected" actions={back}>
        Microsoft answered: {text(search.error_description).split(/\r?\n/)[0]?.replace(/\.+$/, '') || denied}.
        Open the edition’s publish step and choose Connect Outlook to try again.
      </StatePanel>
    );
  }
  if (!canFinish) {
    return (
      <StatePanel kind="error" title="Nothing to connect" actions={back}>
        This page is where Microsoft sends you back after you connect Outlook. Start from an edition’s publish
        step.
      </StatePanel>
    );
  }
  if (finish.status === 'failure' && finish.error) {
    return (
      <StatePanel kind="error" title="Outlook could not be connected" actions={back}>
        {finish.error.message}
      </StatePanel>
    );
  }
  if (connected) {
    return (
      <StatePanel kind="info" title="Outlook is connected" actions={back}>
        Emails can now be sent from{' '}
        {connected.name ? `${connected.name} <${connected.email_address}>` : connected.email_address}.
      </StatePanel>
    );
  }
  return <StatePanel kind="loading" title="Connecting your Outlook mailbox…" />;
}
