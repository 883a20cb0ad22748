import { useId, useState } from 'react';
import { Button } from '../../../../ui/Button.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';

/**
 * The plain-text version: generated from the design (default_text_preview/) unless the person edited it
 * (update_text_preview/ keeps the edit; "Generate again" goes back to the generated text).
 */
export function TextVersionPanel({ initial, edited }: { initial: string; edited: boolean }) {
  const { publishApi } = useServices();
  const { draft, versionId } = useDesigner();
  const toast = useToast();
  const id = useId();
  const [text, setText] = useState(initial);
  const [isEdited, setEdited] = useState(edited);
  const [busy, setBusy] = useState<'save' | 'generate' | null>(null);
  const run = async (which: 'save' | 'generate') => {
    setBusy(which);
    try {
      if (which === 'save') {
        setText(await publishApi.updateTextPreview({ versionId, text }));
        setEdited(true);
        toast.show({ tone: 'success', message: 'Your text version is kept.' });
      } else {
        setText(await publishApi.defaultTextPreview({ versionId, design: draft.getDesign() }));
        setEdited(false);
      }
    } catch (error) {
      toast.show({ tone: 'error', message: error instanceof Error ? error.message : 'That did not work.' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="designer-text-version">
      <label htmlFor={id} className="designer-panel-title">
        Text version
      </label>
      <p className="designer-muted">
        {isEdited
          ? 'You edited this text: saving the design keeps it. Generate it again to follow the design.'
          : 'Made from the design each time it is saved. Edit it to keep your own.'}
      </p>
      <textarea id={id} value={text} onChange={(event) => setText(event.target.value)} rows={18} />
      <div className="designer-text-version__actions">
        <Button size="sm" loading={busy === 'save'} onClick={() => run('save')}>
          Keep this text
        </Button>
        <Button size="sm" variant="secondary" loading={busy === 'generate'} onClick={() => run('generate')}>
          Generate again
        </Button>
      </div>
    </div>
  );
}
