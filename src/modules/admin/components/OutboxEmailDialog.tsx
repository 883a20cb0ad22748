import { useState } from 'react';
import { linkifyText } from '../../../../domain/linkifyText.ts';
import type { OutboxEmail } from '../../../../domain/outboxTypes.ts';
import { subjectForDisplay } from '../../../../domain/subjectForDisplay.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { outboxLabels } from '../utils/outboxLabels.ts';
import './OutboxEmailDialog.css';

type View = 'text' | 'html';

export function OutboxEmailDialog({ email, onClose }: { email: OutboxEmail | null; onClose: () => void }) {
  const { userApi } = useServices();
  const [view, setView] = useState<View>('text');
  const status = email ? outboxLabels.status(email.status) : null;
  return (
    <Dialog
      open={email !== null}
      onClose={() => {
        setView('text');
        onClose();
      }}
      size="lg"
      title={subjectForDisplay(email?.subject)}
      description={
        email ? (
          <>
            To <strong>{email.to_address}</strong> · {outboxLabels.kind(email.kind)} ·{' '}
            {outboxLabels.time(email.created_at)}
          </>
        ) : null
      }
    >
      {email && status ? (
        <div className="outbox-email">
          <div className="outbox-email__meta">
            <Badge tone={status.tone}>{status.label}</Badge>
            <span className="outbox-email__help">{status.help}</span>
            {email.last_error ? (
              <span className="outbox-email__error">Last error: {email.last_error}</span>
            ) : null}
          </div>
          {email.html_body ? (
            <fieldset className="outbox-email__views">
              <legend className="ui-visually-hidden">Show the email as</legend>
              <button type="button" aria-pressed={view === 'text'} onClick={() => setView('text')}>
                Text
              </button>
              <button type="button" aria-pressed={view === 'html'} onClick={() => setView('html')}>
                Formatted
              </button>
            </fieldset>
          ) : null}
          {view === 'html' && email.html_body ? (
            <iframe
              className="outbox-email__frame"
              title={`Formatted email: ${subjectForDisplay(email.subject)}`}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              src={userApi.emailDocumentUrl(email.id)}
            />
          ) : (
            <div className="outbox-email__text" data-testid="outbox-email-text">
              {linkifyText(email.text_body).map((part, index) =>
                part.kind === 'link' ? (
                  // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text, in order
                  <a key={index} href={part.href} rel="noreferrer">
                    {part.text}
                  </a>
                ) : (
                  // biome-ignore lint/suspicious/noArrayIndexKey: parts of one immutable text, in order
                  <span key={index}>{part.text}</span>
                ),
              )}
            </div>
          )}
        </div>
      ) : null}
    </Dialog>
  );
}
