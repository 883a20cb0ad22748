import { useState } from 'react';
import { fromPromise } from 'xstate';
import {
  type OutlookActor,
  type OutlookInput,
  type OutlookRouteRequest,
  outlookMachine,
} from '../../../../machines/outlookMachine.ts';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';

/** Sends the browser to Microsoft's sign-in (a full page load: the app is left). */
export type OpenSignIn = (url: string) => void;

const openInPage: OpenSignIn = (url) => window.location.assign(url);

/** The publish step's Outlook machine, with the publishing service's calls (recorded). */
export function useOutlookActor(input: OutlookInput, openSignIn: OpenSignIn = openInPage): OutlookActor {
  const api = useServices().sendApi;
  const [machine] = useState(() =>
    outlookMachine.provide({
      actors: {
        // Resolves with nothing: the sign-in address (with its one-time state) stays out of the event log.
        connect: fromPromise<void, { versionId: number }>(async ({ input, signal }) => {
          openSignIn(await api.outlookConnect(input.versionId, signal));
        }),
        route: fromPromise<void, OutlookRouteRequest>(({ input, signal }) => api.outlookRoute(input, signal)),
      },
    }),
  );
  return useRecordedActor(machine, { name: 'outlook', input });
}
