import { useEffect, useRef } from 'react';
import type { AiVariant } from '../../../../domain/aiEmails.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';
import { TemplatePicker } from '../components/TemplatePicker.tsx';

type Props = {
  generationId: number;
  open: boolean;
  onClose: () => void;
  onDone: (variants: AiVariant[]) => void;
};

/** Lays every variant of the AI email out again in the template picked (the designer's picker). */
export function ChangeTemplateDialog({ generationId, open, onClose, onDone }: Props) {
  const { aiEmailApi } = useServices();
  const request = useRequest<number, AiVariant[]>(
    (templateId, signal) => aiEmailApi.changeTemplate({ generationId, templateId }, signal),
    'changeAiEmailTemplate',
  );
  const { reset, status, data, error, submit } = request;
  const picking = useRef<number | null>(null);
  useEffect(() => {
    if (open) reset();
  }, [open, reset]);
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  useEffect(() => {
    if (status === 'success' && data) onDoneRef.current(data);
  }, [status, data]);
  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Change the template"
      description="Every variant keeps its words and takes the template's layout."
      footer={
        <Button variant="secondary" onClick={onClose}>
          Cancel
        </Button>
      }
    >
      <TemplatePicker
        pickLabel="Use"
        busyId={status === 'loading' ? picking.current : null}
        onPick={(template) => {
          picking.current = template.id;
          submit(template.id);
        }}
      />
      {status === 'failure' && error ? (
        <Alert tone="error" title="The template was not changed">
          {error.message}
        </Alert>
      ) : null}
    </Dialog>
  );
}
