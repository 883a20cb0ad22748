import { Alert } from '../../../ui/Alert.tsx';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Spinner } from '../../../ui/Spinner.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TOAST_DURATION_MS } from '../../../ui/toastDuration.ts';
import { useToast } from '../../../ui/useToast.ts';
import { ShowcaseExample } from './ShowcaseExample.tsx';
import { ShowcaseSection } from './ShowcaseSection.tsx';

/** Alerts, badges, spinners, toasts, and the loading, empty and error states of a page. */
export function FeedbackSection() {
  const toast = useToast();
  return (
    <ShowcaseSection id="feedback" title="Feedback and states">
      <ShowcaseExample label="Alerts" wide>
        <div className="showcase-stack">
          <Alert tone="info" title="Heads up">
            Your draft differs from the saved version.
          </Alert>
          <Alert tone="success">Your workflow has been published successfully!</Alert>
          <Alert tone="warning" title="Inactive workflow">
            All actions and conditions within the workflow will be halted for the enrolled contacts until you
            reactivate it.
          </Alert>
          <Alert
            tone="error"
            title="Could not save"
            actions={
              <Button size="sm" variant="secondary">
                Try again
              </Button>
            }
          >
            The server did not answer in time.
          </Alert>
        </div>
      </ShowcaseExample>
      <ShowcaseExample label="Badges">
        <div className="showcase-row">
          <Badge>Draft</Badge>
          <Badge tone="success">Active</Badge>
          <Badge tone="warning">Paused</Badge>
          <Badge tone="danger">Failed</Badge>
          <Badge tone="info">Being built</Badge>
        </div>
      </ShowcaseExample>
      <ShowcaseExample label="Spinners">
        <div className="showcase-row showcase-navy-text">
          <Spinner size="sm" />
          <Spinner size="md" />
          <Spinner size="lg" label="Loading the example" />
        </div>
      </ShowcaseExample>
      <ShowcaseExample
        label={`Toasts (${TOAST_DURATION_MS.long / 1000} s and ${TOAST_DURATION_MS.short / 1000} s)`}
      >
        <div className="showcase-row">
          <Button
            variant="secondary"
            onClick={() =>
              toast.show({ tone: 'success', message: 'Your workflow has been saved successfully!' })
            }
          >
            Success toast (5 s)
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              toast.show({ tone: 'info', message: 'Link copied.', duration: TOAST_DURATION_MS.short })
            }
          >
            Info toast (4 s)
          </Button>
          <Button
            variant="secondary"
            onClick={() =>
              toast.show({
                tone: 'error',
                title: 'Could not publish',
                message: 'A send-email node has an email that is not design-ready.',
              })
            }
          >
            Error toast
          </Button>
        </div>
      </ShowcaseExample>
      <ShowcaseExample label="Loading state">
        <StatePanel kind="loading" title="Loading workflows" compact />
      </ShowcaseExample>
      <ShowcaseExample label="Empty state">
        <StatePanel
          kind="empty"
          title="No workflows yet"
          compact
          actions={<Button size="sm">Create a workflow</Button>}
        >
          Workflows send emails and add contacts to lists when something happens.
        </StatePanel>
      </ShowcaseExample>
      <ShowcaseExample label="Error state">
        <StatePanel
          kind="error"
          title="Something went wrong"
          compact
          actions={
            <Button size="sm" variant="secondary">
              Try again
            </Button>
          }
        >
          We could not load your workflows (error 500).
        </StatePanel>
      </ShowcaseExample>
      <ShowcaseExample label="Info state">
        <StatePanel kind="info" title="Nothing to review" compact>
          You are all caught up.
        </StatePanel>
      </ShowcaseExample>
    </ShowcaseSection>
  );
}
