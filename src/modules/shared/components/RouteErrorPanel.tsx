import { type ErrorComponentProps, Link, useRouter } from '@tanstack/react-router';
import { isChunkLoadError } from '../../../../domain/chunkLoadError.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { ScreenLoadFailure } from './ScreenLoadFailure.tsx';
import './RouteErrorPanel.css';

/**
 * What a route shows when its screen fails, in place of that screen (the shell and its navigation stay):
 * code or styles that could not be loaded recover by themselves (ScreenLoadFailure); any other failure
 * says so, with "Try again" and a way to the campaigns.
 */
export function RouteErrorPanel({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  return (
    <div className="route-error">
      {isChunkLoadError(error) ? (
        <ScreenLoadFailure />
      ) : (
        <StatePanel
          kind="error"
          title="Something went wrong on this screen"
          actions={
            <>
              <Button
                onClick={() => {
                  reset();
                  void router.invalidate();
                }}
              >
                Try again
              </Button>
              <Link {...areaLinks.campaigns} className={buttonClassName('secondary')}>
                Go to campaigns
              </Link>
            </>
          }
        >
          {error instanceof Error && error.message ? error.message : 'The screen stopped with an error.'}
        </StatePanel>
      )}
    </div>
  );
}
