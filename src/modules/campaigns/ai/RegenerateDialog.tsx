import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { AiVariant } from '../../../../domain/aiEmails.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { FieldFrame } from '../../../ui/FieldFrame.tsx';
import { Form } from '../../../ui/Form.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { PersonalityMark } from './PersonalityMark.tsx';

type Props = {
  /** The variants to write again; an empty list closes the dialog. */
  variants: AiVariant[];
  prompt: string;
  open: boolean;
  onClose: () => void;
  onDone: (variants: AiVariant[]) => void;
};

/**
 * Regenerate the chosen variants from a new prompt: the same emails get new content, saved as a new
 * version (the designer's Undo and drafts still hold the old one).
 */
export function RegenerateDialog({ variants, prompt, open, onClose, onDone }: Props) {
  const { aiEmailApi } = useServices();
  const [text, setText] = useState(prompt);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const request = useRequest<{ emailIds: number[]; prompt: string }, AiVariant[]>(
    (input, signal) => aiEmailApi.regenerate(input, signal),
    'regenerateAiEmail',
  );
  const { reset, status, data, error, submit } = request;
  useEffect(() => {
    if (!open) return;
    setText(prompt);
    setFieldError(null);
    reset();
  }, [open, prompt, reset]);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (status === 'success' && data) onDoneRef.current(data);
  }, [status, data]);
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return setFieldError('Say what the new variants should say.');
    submit({ emailIds: variants.map((v) => v.email_id), prompt: text.trim() });
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Regenerate the chosen variants"
      description="They are written again from this prompt; the designer keeps the old version to go back to."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="ai-regenerate-form" loading={status === 'loading'}>
            Regenerate
          </Button>
        </>
      }
    >
      <Form id="ai-regenerate-form" className="campaign-form" onSubmit={send} noValidate>
        <ul className="ai-regenerate__list" aria-label="Variants to regenerate">
          {variants.map((v) => (
            <li key={v.email_id}>
              <PersonalityMark type={v.ai_type} color={v.ai_color} withCode />
            </li>
          ))}
        </ul>
        <FieldFrame label="New prompt" error={fieldError ?? undefined}>
          {(control) => (
            <textarea
              {...control}
              className="ui-field__input ai-email-form__prompt"
              rows={5}
              value={text}
              onChange={(event) => {
                setText(event.target.value);
                setFieldError(null);
              }}
            />
          )}
        </FieldFrame>
        {status === 'failure' && error ? (
          <Alert tone="error" title="The variants were not regenerated">
            {error.message}
          </Alert>
        ) : null}
      </Form>
    </Dialog>
  );
}
