import { useId, useState } from 'react';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { useDesign } from '../hooks/useDesign.ts';

/** The edition's text version as the server keeps it, and whether the person wrote it themselves. */
export type TextVersion = { text: string; edited: boolean };

const readDirty = (d: DesignDraft) => d.getStatus().dirty;

/**
 * The plain-text version: generated from the design each time it is saved (design/save/ answers it, so
 * it is current right after a save) unless the person edited it (update_text_preview/ keeps the edit;
 * "Generate again" goes back to the text made from the design, default_text_preview/). Text typed here
 * and not kept yet stays as typed when the design is saved meanwhile.
 */
export function TextVersionPanel({
  version,
  onChange,
}: {
  version: TextVersion;
  onChange: (version: TextVersion) => void;
}) {
  const { publishApi } = useServices();
  const { draft, versionId } = useDesigner();
  const toast = useToast();
  const id = useId();
  const designUnsaved = useDesign(draft, readDirty);
  const [typed, setTyped] = useState<string | null>(null);
  const [busy, setBusy] = useState<'save' | 'generate' | null>(null);
  const text = typed ?? version.text;
  const run = async (which: 'save' | 'generate') => {
    setBusy(which);
    try {
      if (which === 'save') {
        onChange({ text: await publishApi.updateTextPreview({ versionId, text }), edited: true });
        toast.show({ tone: 'success', message: 'Your text version is kept.' });
      } else {
        onChange({
          text: await publishApi.defaultTextPreview({ versionId, design: draft.getDesign() }),
          edited: false,
        });
      }
      setTyped(null);
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
        {version.edited
          ? 'You edited this text: saving the design keeps it. Generate it again to follow the design.'
          : 'Made from the design each time it is saved. Edit it to keep your own.'}
      </p>
      {designUnsaved && !version.edited ? (
        <Alert tone="info" title="The design has changes that are not saved yet">
          This text follows the saved design: save the design to bring it up to date.
        </Alert>
      ) : null}
      <textarea id={id} value={text} onChange={(event) => setTyped(event.target.value)} rows={18} />
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
