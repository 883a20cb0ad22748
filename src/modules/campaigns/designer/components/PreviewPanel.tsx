import { useEffect, useState } from 'react';
import type { EmailDesign } from '../../../../domain/emailDesign.ts';
import type { DesignPreview } from '../../../../domain/publishAnswers.ts';
import { Button } from '../../../../ui/Button.tsx';
import { LoadErrorPanel } from '../../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { CheckField } from './PropertyFields.tsx';

/** What mail clients with a dark mode roughly do to a light email (an approximation, said so on screen). */
const DARK_STYLE =
  '<style>html{background:#111;filter:invert(1) hue-rotate(180deg)}img{filter:invert(1) hue-rotate(180deg)}</style>';

export function withDarkMode(html: string): string {
  return html.includes('</head>') ? html.replace('</head>', `${DARK_STYLE}</head>`) : `${DARK_STYLE}${html}`;
}

/**
 * The email rendered by the server (generate_preview/, the unsaved design included) at desktop (600 px)
 * and phone (375 px) widths side by side, each in a sandboxed iframe (no scripts, no same origin), with a
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
  const html = dark ? withDarkMode(preview.data.html) : preview.data.html;
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
          <iframe title="Desktop preview" sandbox="" srcDoc={html} width={600} height={720} />
        </figure>
        <figure className="designer-preview__frame designer-preview__frame--phone">
          <figcaption>Phone (375 px)</figcaption>
          <iframe title="Phone preview" sandbox="" srcDoc={html} width={375} height={720} />
        </figure>
      </div>
    </div>
  );
}
