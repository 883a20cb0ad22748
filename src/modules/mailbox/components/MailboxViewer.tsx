import { type ReactNode, useEffect, useRef } from 'react';
import type { MailboxEmail } from '../../../../domain/mailboxTypes.ts';
import { subjectForDisplay } from '../../../../domain/subjectForDisplay.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Card } from '../../../ui/Card.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { mailboxLabels } from '../utils/mailboxLabels.ts';

/**
 * One send rendered as the contact receives it, in a sandboxed iframe (no scripts, no access to the
 * app). Its images load, so showing it loads the open pixel (a real open); its links open in a new tab
 * through the click endpoint (a real click). The viewer sits under the list: opening an email scrolls it
 * into view and moves focus to it, so the person sees (and a screen reader says) that it opened.
 */
export function MailboxViewer({ sendId, onClose }: { sendId: number; onClose: () => void }) {
  const { mailboxApi } = useServices();
  const email = useLoad<number, MailboxEmail>((id, signal) => mailboxApi.email(id, signal), 'mailbox-email');
  const load = email.load;
  useEffect(() => load(sendId), [sendId, load]);
  const regionRef = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: again for every email opened (sendId)
  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    region.scrollIntoView?.({ block: 'start' });
    region.focus({ preventScroll: true });
  }, [sendId]);

  const data = email.data && email.data.send_id === sendId ? email.data : null;
  let body: ReactNode;
  if (email.status === 'failure' && email.error) {
    body = (
      <Alert tone="error" title="The email could not be loaded">
        {email.error.message}
      </Alert>
    );
  } else if (!data) {
    body = <StatePanel kind="loading" title="Loading the email…" compact />;
  } else {
    body = (
      <>
        <p className="mailbox-viewer__meta">
          From <strong>{data.from}</strong> to <strong>{data.to}</strong> ·{' '}
          {mailboxLabels.status(data.status).label} · {mailboxLabels.time(data.delivered_at)}
        </p>
        {data.status === 'delivered' ? null : (
          <Alert tone="warning">
            This email was not delivered, so the contact never saw it. Opening or clicking it here records
            nothing.
          </Alert>
        )}
        <iframe
          className="mailbox-viewer__frame"
          title={`Email: ${subjectForDisplay(data.subject)}`}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          src={mailboxApi.emailDocumentUrl(data.send_id)}
        />
      </>
    );
  }
  return (
    <section ref={regionRef} className="mailbox-viewer-region" aria-label="Opened email" tabIndex={-1}>
      <Card
        className="mailbox-viewer"
        title={data ? subjectForDisplay(data.subject) : 'Email'}
        actions={
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        }
      >
        {body}
      </Card>
    </section>
  );
}
