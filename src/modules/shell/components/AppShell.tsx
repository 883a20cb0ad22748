import { useRouter } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { panelsMachine } from '../../../../machines/panelsMachine.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useRecordedActor } from '../../../ui/useRecordedActor.ts';
import { GlobalErrorOutlet } from '../../errors/components/GlobalErrorOutlet.tsx';
import { AreaTour } from '../../onboarding/components/AreaTour.tsx';
import { CurrentUserContext } from '../../shared/hooks/CurrentUserContext.ts';
import { useErrorState } from '../../shared/hooks/useErrorState.ts';
import type { PageTour } from '../../shared/utils/pageTour.ts';
import { SupportWidget } from '../../support/components/SupportWidget.tsx';
import { appCurrentUserMachine } from '../hooks/appCurrentUserMachine.ts';
import { PanelsContext } from '../hooks/PanelsContext.ts';
import { useSessionLogShortcut } from '../hooks/useSessionLogShortcut.ts';
import { PageOverlay } from './PageOverlay.tsx';
import { TopBar } from './TopBar.tsx';
import './AppShell.css';

/**
 * The signed-in layout: top bar, navigation, user menu and the page. It owns the current-user actor, so
 * everything the signed-in app holds is dropped when this layout goes away (sign-out, a refused session).
 */
export function AppShell() {
  const router = useRouter();
  const actor = useRecordedActor(appCurrentUserMachine, {
    name: 'currentUser',
    reset: { type: 'session.signOut' },
  });
  const panels = useRecordedActor(panelsMachine, {
    name: 'panels',
    input: { path: router.state.location.pathname },
    reset: { type: 'panels.reset' },
  });
  useSessionLogShortcut();
  // Where the top bar keeps room for the support launcher on narrow windows.
  const [supportDock, setSupportDock] = useState<HTMLElement | null>(null);
  // The tour of the page shown, which the user menu offers.
  const [pageTour, setPageTour] = useState<PageTour | null>(null);
  const signingOut = useSelector(actor, (s) => s.matches('signingOut'));
  const signedOut = useSelector(actor, (s) => s.matches('signedOut'));
  const loadFailed = useSelector(actor, (s) => s.matches('failed'));
  const loadError = useSelector(actor, (s) => s.context.error);
  // When the global error page already says what failed, the profile banner would say it twice.
  const globalError = useErrorState() !== null;

  useEffect(() => {
    if (!signedOut) return;
    router.clearCache();
    // A push, not a replace: Back returns to the workbench page, whose guard then sends the person here again.
    void router.navigate({ to: '/', search: { notice: 'signed-out', redirect: undefined } });
  }, [signedOut, router]);

  return (
    <CurrentUserContext.Provider value={actor}>
      <PanelsContext.Provider value={panels}>
        <a className="ui-skip-link" href="#main">
          Skip to content
        </a>
        <div className="shell">
          <TopBar supportDock={setSupportDock} pageTour={pageTour} />
          <main className="shell__main" id="main" tabIndex={-1}>
            {signingOut || signedOut ? (
              <StatePanel kind="loading" title="Signing you out…" />
            ) : (
              <div className="shell__content">
                {loadFailed && loadError && !globalError ? (
                  <div className="shell__banner">
                    <Alert
                      tone="error"
                      title="We couldn’t load your profile."
                      actions={
                        <Button
                          size="sm"
                          variant="secondary"
                          onClick={() => actor.send({ type: 'user.reload' })}
                        >
                          Try again
                        </Button>
                      }
                    >
                      {loadError.message}
                    </Alert>
                  </div>
                ) : null}
                <AreaTour onPageTour={setPageTour} />
                <GlobalErrorOutlet />
              </div>
            )}
          </main>
          {signingOut || signedOut ? null : <SupportWidget dock={supportDock} />}
          <PageOverlay />
        </div>
      </PanelsContext.Provider>
    </CurrentUserContext.Provider>
  );
}
