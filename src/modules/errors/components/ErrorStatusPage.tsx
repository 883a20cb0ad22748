import { Link } from '@tanstack/react-router';
import { GLOBAL_ERROR_TEXT, type GlobalErrorStatus } from '../../../../domain/errorCatalogue.ts';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import './ErrorStatusPage.css';
import { areaLinks } from '../../../router/routeTable.ts';

export type ErrorStatusPageProps = {
  status: GlobalErrorStatus;
  /** Clears the error and loads the page again. */
  onRetry: () => void;
  /** Back to the previous page. */
  onBack: () => void;
};

/** The page shown for a global error (HTTP 400, 401, 404, 408, 500 or 503): what happened and ways back. */
export function ErrorStatusPage({ status, onRetry, onBack }: ErrorStatusPageProps) {
  const text = GLOBAL_ERROR_TEXT[status];
  return (
    <div className="error-status" data-testid="error-status-page">
      <StatePanel
        kind="error"
        title={text.title}
        actions={
          <>
            <Button onClick={onRetry}>Try again</Button>
            <Button variant="secondary" onClick={onBack}>
              Go back
            </Button>
            <Link {...areaLinks.campaigns} className={buttonClassName('secondary')}>
              Go to campaigns
            </Link>
          </>
        }
      >
        {text.body}
        <span className="error-status__code"> (Error {status}.)</span>
      </StatePanel>
    </div>
  );
}
