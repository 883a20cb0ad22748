import { useState } from 'react';
import type { TemplateSummary } from '../../../../../domain/publishAnswers.ts';
import { applyDesign } from '../../../../engine/design/commands/applyDesign.ts';
import { Button } from '../../../../ui/Button.tsx';
import { Form } from '../../../../ui/Form.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { TemplatePicker } from '../../components/TemplatePicker.tsx';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { CheckField, TextInput } from './PropertyFields.tsx';

/** Applying a template replaces the design (undoable). */
function TemplateApply() {
  const { publishApi } = useServices();
  const { draft, dispatcher, announce } = useDesigner();
  const toast = useToast();
  const [applying, setApplying] = useState<number | null>(null);
  const apply = async (template: TemplateSummary) => {
    setApplying(template.id);
    try {
      const full = await publishApi.getTemplate(template.id);
      draft.run(applyDesign, { design: full.design });
      announce(`Template ${template.name} applied.`);
      toast.show({
        tone: 'success',
        message: `“${template.name}” replaced the design.`,
        action: { label: 'Undo', onAction: () => dispatcher.perform('undo') },
      });
    } catch (error) {
      toast.show({
        tone: 'error',
        message: error instanceof Error ? error.message : 'The template could not be applied.',
      });
    } finally {
      setApplying(null);
    }
  };
  return <TemplatePicker onPick={apply} pickLabel="Apply" busyId={applying} />;
}

function SaveAsTemplate() {
  const { publishApi } = useServices();
  const { draft } = useDesigner();
  const toast = useToast();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <Form
      className="designer-save-template"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!name.trim()) {
          setError('Give the template a name.');
          return;
        }
        setBusy(true);
        setError(null);
        try {
          await publishApi.saveTemplate({
            name: name.trim(),
            description: '',
            shared,
            design: draft.getDesign(),
          });
          toast.show({ tone: 'success', message: `Saved as the template “${name.trim()}”.` });
          setName('');
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : 'The template could not be saved.');
        } finally {
          setBusy(false);
        }
      }}
    >
      <h3 className="designer-panel-subtitle">Save this design as a template</h3>
      <TextInput label="Template name" value={name} onChange={setName} error={error} />
      <CheckField label="Share with my organisation" checked={shared} onChange={setShared} />
      <Button type="submit" size="sm" loading={busy}>
        Save as template
      </Button>
    </Form>
  );
}

/** Templates: the four tabs (all, featured, shared, mine); apply replaces the design (undoable). */
export function TemplatesPanel() {
  return (
    <div className="designer-side-panel">
      <TemplateApply />
      <SaveAsTemplate />
    </div>
  );
}
