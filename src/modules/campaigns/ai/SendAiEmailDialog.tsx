import { useEffect, useRef, useState } from 'react';
import type { AiSent, AiVariant } from '../../../../domain/aiEmails.ts';
import { countOf } from '../../../../domain/countOf.ts';
import type { PreflightFinding, PreflightResult } from '../../../../domain/editionSend.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../shared/hooks/useLoad.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { PersonalityMark } from './PersonalityMark.tsx';

type Checks = { variant: AiVariant; result: PreflightResult }[];

type Props = {
  generationId: number;
  variants: AiVariant[];
  open: boolean;
  onClose: () => void;
  onSent: () => void;
};

/**
 * Send: each segment gets its own variant (publish_ai_email/). The publish step's checks of every
 * variant are shown first: an error blocks the send (fixed in that variant's designer or publish step), a
 * warning asks to be confirmed.
 */
export function SendAiEmailDialog({ generationId, variants, open, onClose, onSent }: Props) {
  const { aiEmailApi } = useServices();
  // The server gives each variant its segment as its audience, then runs the send's own checks on it.
  const checks = useLoad<AiVariant[], Checks>(async (list, signal) => {
    const answer = await aiEmailApi.preflight(generationId, signal);
    return answer.variants.flatMap((found) => {
      const variant = list.find((v) => v.email_id === found.email_id);
      return variant ? [{ variant, result: { errors: found.errors, warnings: found.warnings } }] : [];
    });
  }, 'aiEmailPreflight');
  const send = useRequest<boolean, AiSent>(
    (confirmWarnings, signal) => aiEmailApi.send({ generationId, confirmWarnings }, signal),
    'publishAiEmail',
  );
  const [confirmed, setConfirmed] = useState(false);
  const { load } = checks;
  const { reset } = send;
  const variantsRef = useRef(variants);
  variantsRef.current = variants;
  useEffect(() => {
    if (!open) return;
    setConfirmed(false);
    reset();
    load(variantsRef.current);
  }, [open, load, reset]);
  const onSentRef = useRef(onSent);
  onSentRef.current = onSent;
  useEffect(() => {
    if (send.status === 'success') onSentRef.current();
  }, [send.status]);

  const found = checks.data ?? [];
  const errors = found.flatMap((c) => c.result.errors.map((f) => ({ ...f, variant: c.variant })));
  const warnings = found.flatMap((c) => c.result.warnings.map((f) => ({ ...f, variant: c.variant })));
  const recipients = variants.reduce((sum, v) => sum + v.segment_size, 0);
  const ready = checks.status === 'success' && errors.length === 0 && (warnings.length === 0 || confirmed);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Send this AI email"
      description={`${countOf(variants.length, 'variant', 'variants')} to ${countOf(recipients, 'recipient', 'recipients')}: each gets the variant of their personality.`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!ready}
            loading={send.status === 'loading'}
            onClick={() => send.submit(confirmed)}
          >
            Send now
          </Button>
        </>
      }
    >
      {checks.status === 'loading' || checks.status === 'idle' ? (
        <StatePanel compact kind="loading" title="Checking every variant…" />
      ) : checks.status === 'failure' ? (
        <Alert tone="error" title="The variants could not be checked">
          {checks.error?.message}
        </Alert>
      ) : (
        <div className="ai-send__checks">
          {errors.length === 0 && warnings.length === 0 ? (
            <Alert tone="success" title="Every variant is ready to send" />
          ) : null}
          {errors.length > 0 ? (
            <FindingsAlert tone="error" title="Fix these before sending" findings={errors} />
          ) : null}
          {warnings.length > 0 ? (
            <FindingsAlert tone="warning" title="Check these" findings={warnings} />
          ) : null}
          {warnings.length > 0 && errors.length === 0 ? (
            <Checkbox
              label="Send despite these warnings"
              checked={confirmed}
              onChange={(event) => setConfirmed(event.target.checked)}
            />
          ) : null}
        </div>
      )}
      {send.status === 'failure' && send.error ? (
        <Alert tone="error" title="The AI email was not sent">
          {send.error.message}
        </Alert>
      ) : null}
    </Dialog>
  );
}

type VariantFinding = PreflightFinding & { variant: AiVariant };

/** One kind of finding (errors or warnings), each named by the variant it is about. */
function FindingsAlert({
  tone,
  title,
  findings,
}: {
  tone: 'error' | 'warning';
  title: string;
  findings: VariantFinding[];
}) {
  return (
    <Alert tone={tone} title={title}>
      <ul className="ai-send__findings">
        {findings.map((f) => (
          <li key={`${f.variant.email_id}:${f.code}`}>
            <PersonalityMark type={f.variant.ai_type} color={f.variant.ai_color} />: {f.message}
          </li>
        ))}
      </ul>
    </Alert>
  );
}
