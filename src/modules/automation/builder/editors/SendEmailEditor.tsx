import { memo, useState } from 'react';
import type { FlowNode } from '../../../../../domain/workflowTypes.ts';
import { Badge } from '../../../../ui/Badge.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { EmailPicker } from '../../../shared/components/EmailPicker.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { ShareProfileFields } from './ShareProfileFields.tsx';
import { SHARE_PROFILE_PLACEHOLDERS } from './shareProfileDefaults.ts';
import { TestSendForm } from './TestSendForm.tsx';
import type { NodeEdit } from './useNodeEdit.ts';

type Props = { node: FlowNode; edit: NodeEdit; workflowId: number };

/**
 * Send email: the email (picker; "Select email" while unset; design readiness shown), the share profile
 * configuration and a test send. Changing the email is refused by the engine when a condition references
 * the old one (the constraint dialog opens, the email stays).
 */
export const SendEmailEditor = memo(function SendEmailEditor({ node, edit, workflowId }: Props) {
  const api = useServices().workflowApi;
  const detail = node.detail;
  const hasEmail = typeof detail.emailId === 'number' && detail.emailId > 0;
  const [picking, setPicking] = useState(!hasEmail);
  const showPicker = picking || !hasEmail;

  return (
    <>
      <section className="node-editor__section" aria-labelledby={`email-${node.nodeId}`}>
        <h3 className="node-editor__subheading" id={`email-${node.nodeId}`}>
          Email
        </h3>
        <div className="node-editor__current">
          {hasEmail ? (
            <>
              <span className="node-editor__value">{detail.emailName ?? `Email ${detail.emailId}`}</span>
              <Badge tone={detail.designReady ? 'success' : 'warning'}>
                {detail.designReady ? 'Design ready' : 'Design not ready'}
              </Badge>
            </>
          ) : (
            <span className="node-editor__placeholder">{SHARE_PROFILE_PLACEHOLDERS.email}</span>
          )}
          {hasEmail ? (
            <Button
              variant="ghost"
              size="sm"
              aria-expanded={showPicker}
              onClick={() => setPicking((open) => !open)}
            >
              {showPicker ? 'Keep this email' : 'Change email'}
            </Button>
          ) : null}
        </div>
        {showPicker ? (
          <EmailPicker
            variant="compact"
            loadEmails={(query, signal) => api.getUserEmails(query, signal)}
            loadName="editorEmails"
            selectedId={detail.emailId ?? null}
            label="Emails to send"
            onChange={(email) => {
              const ok = edit.patch(
                {
                  emailId: email.email_id,
                  emailName: email.email_name,
                  designReady: email.design_ready,
                },
                'email',
              );
              if (ok) setPicking(false);
            }}
          />
        ) : null}
      </section>
      <ShareProfileFields
        value={detail.shareProfile}
        onChange={(shareProfile, field) => edit.patch({ shareProfile }, `shareProfile.${field}`)}
        onFieldDone={edit.endStep}
      />
      <TestSendForm
        input={{
          workflowId,
          spUuid: detail.sp_uuid ?? null,
          config: detail.shareProfile ?? null,
        }}
        disabledReason={null}
      />
    </>
  );
});
