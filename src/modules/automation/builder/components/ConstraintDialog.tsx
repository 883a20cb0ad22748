import type { ConstraintRefusal } from '../../../../../domain/removalConstraints.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Dialog } from '../../../../ui/Dialog.tsx';

/**
 * The constraint dialog: removing a send-email step, or changing its email, while an
 * If / Else still tests that email is blocked. It names the emails and the conditions as their cards on the
 * canvas do (title, and what the condition tests); nothing changed.
 */
export function ConstraintDialog({
  refusal,
  onClose,
}: {
  refusal: ConstraintRefusal | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={refusal !== null}
      onClose={onClose}
      title="This change is blocked"
      description="A condition still uses this email. Change or remove the condition first."
      footer={<Button onClick={onClose}>OK</Button>}
    >
      {refusal ? (
        <div className="builder-constraint">
          <p>{refusal.message}</p>
          {refusal.emails.length > 0 ? (
            <>
              <h3 className="builder-constraint__heading">Emails</h3>
              <ul>
                {refusal.emails.map((email) => (
                  <li key={email.emailId}>{email.emailName ?? `Email #${email.emailId}`}</li>
                ))}
              </ul>
            </>
          ) : null}
          {refusal.conditions.length > 0 ? (
            <>
              <h3 className="builder-constraint__heading">Conditions using it</h3>
              <ul>
                {refusal.conditions.map((condition) => (
                  <li key={condition.nodeId}>
                    <strong>{condition.nodeTitle}</strong>: {condition.detail}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}
