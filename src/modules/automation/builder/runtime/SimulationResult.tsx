import { countOf } from '../../../../../domain/countOf.ts';
import { nodeTitleOf } from '../../../../../domain/workflowGraphRules.ts';
import type { SimulateAnswer } from '../../../../../domain/workflowRuntimeTypes.ts';
import type { WorkflowFlow } from '../../../../../domain/workflowTypes.ts';
import { Badge } from '../../../../ui/Badge.tsx';
import { formatRuntimeTime } from '../../utils/formatRuntimeTime.ts';
import { ENROLMENT_STATUS_BADGE } from './enrolmentStatusBadge.ts';

/** What a simulation showed, per contact: the path taken with the virtual time of each step, and the emails. */
export function SimulationResult({ answer, flow }: { answer: SimulateAnswer; flow: WorkflowFlow }) {
  const titleOf = (id: string, fallback: string) => {
    const node = flow[id];
    return node ? nodeTitleOf(node) : fallback || id;
  };
  if (answer.contacts.length === 0) {
    return <p className="automation-muted">No contact matched: nobody would enter the workflow.</p>;
  }
  return (
    <div className="builder-simulation" aria-live="polite">
      <p className="automation-muted">
        Started {formatRuntimeTime(answer.start_at)} on a virtual clock. Nothing was sent or saved.
      </p>
      {answer.contacts.map((contact) => {
        const badge = ENROLMENT_STATUS_BADGE[contact.final_status];
        return (
          <section
            key={contact.contact_id}
            className="builder-simulation__contact"
            aria-labelledby={`simulated-${contact.contact_id}`}
          >
            <h3 id={`simulated-${contact.contact_id}`} className="builder-simulation__title">
              {contact.contact_email}
              <Badge tone={badge.tone}>{badge.label}</Badge>
              <span className="automation-muted">at {titleOf(contact.final_node, contact.final_node)}</span>
            </h3>
            <ol className="builder-history" aria-label={`Path of ${contact.contact_email}`}>
              {contact.steps.map((step) => (
                <li key={`${step.node_id}:${step.at}:${step.outcome}`}>
                  <span className="builder-history__time">{formatRuntimeTime(step.at)}</span>
                  <span className="builder-history__step">{titleOf(step.node_id, step.node_title)}</span>
                  <span className="builder-history__outcome">{step.outcome}</span>
                </li>
              ))}
            </ol>
            {contact.steps_omitted > 0 ? (
              <p className="automation-muted">
                … and {countOf(contact.steps_omitted, 'more step', 'more steps')}.
              </p>
            ) : null}
            <h4 className="builder-simulation__subtitle">Emails that would go out</h4>
            {contact.emails.length === 0 ? (
              <p className="automation-muted">None.</p>
            ) : (
              <ul className="builder-history builder-history--emails">
                {contact.emails.map((email) => (
                  <li key={`${email.node_id}:${email.at}`}>
                    <span className="builder-history__time">{formatRuntimeTime(email.at)}</span>
                    <span>{email.email_name ?? `Email ${email.email_id}`}</span>
                    {email.suppressed ? (
                      <Badge tone="warning">Not sent: unsubscribed or bounced</Badge>
                    ) : (
                      <Badge tone="success">Would send</Badge>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {contact.emails_omitted > 0 ? (
              <p className="automation-muted">
                … and {countOf(contact.emails_omitted, 'more email', 'more emails')}.
              </p>
            ) : null}
          </section>
        );
      })}
    </div>
  );
}
