import { useEffect, useState } from 'react';
import type { EmailDesign } from '../../../../../domain/emailDesign.ts';
import type { DesignPreview } from '../../../../../domain/publishAnswers.ts';
import { Button } from '../../../../ui/Button.tsx';
import { LoadErrorPanel } from '../../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { EmailFrame } from './EmailFrame.tsx';
import { CheckField } from './PropertyFields.tsx';

/**
 * The email rendered by the server (generate_preview/, the unsaved design included) at desktop (600 px)
 * and phone (375 px) widths side by side, each in a sandboxed iframe without scripts (EmailFrame), with a
 * dark-mode toggle.
 */
export function PreviewPanel() {
  const { publishApi } = useServices();
  const { draft, versionId } = useDesigner();
  const [dark, setDark] = useState(false);
  const preview = useLoad<EmailDesign, DesignPreview>(
    (design, signal) => publishApi.generatePreview({ versionId, design }, signal),
    'designPreview',
  );
  const { load } = preview;
  useEffect(() => load(draft.getDesign()), [load, draft]);
  if (preview.status === 'failure' && !preview.data) {
    return (
      <LoadErrorPanel
        title="The preview could not be made"
        message={preview.error?.message}
        onRetry={() => load(draft.getDesign())}
      />
    );
  }
  if (!preview.data) return <StatePanel kind="loading" title="Rendering the email…" />;
  const { html } = preview.data;
  return (
    <div className="designer-preview">
      <div className="designer-preview__bar">
        <CheckField label="Dark mode (as many mail clients apply it)" checked={dark} onChange={setDark} />
        <Button
          size="sm"
          variant="secondary"
          loading={preview.status === 'loading'}
          onClick={() => load(draft.getDesign())}
        >
          Refresh preview
        </Button>
      </div>
      <div className="designer-preview__frames">
        <figure className="designer-preview__frame designer-preview__frame--desktop">
          <figcaption>Desktop (600 px)</figcaption>
          <EmailFrame title="Desktop preview" html={html} width={600} dark={dark} />
        </figure>
        <figure className="designer-preview__frame designer-preview__frame--phone">
          <figcaption>Phone (375 px)</figcaption>
          <EmailFrame title="Phone preview" html={html} width={375} dark={dark} />
        </figure>
      </div>
    </div>
  );
}
