import { useCallback } from 'react';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { ROOT_PARENT } from '../../../../engine/design/designDoc.ts';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { useDesign } from '../hooks/useDesign.ts';
import { emailFrameStyle } from '../utils/blockStyle.ts';
import { CanvasBlock } from './CanvasBlock.tsx';
import { DropZone } from './DropZone.tsx';

const readRoot = (d: DesignDraft) => d.getLayout().root;
const readTheme = (d: DesignDraft) => d.getTheme();

/** The email as it will look (600 px wide, the theme's colours and font), edited in place. */
export function DesignCanvas() {
  const { draft, select } = useDesigner();
  const root = useDesign(draft, readRoot);
  const theme = useDesign(draft, readTheme);
  const clear = useCallback(() => select(null), [select]);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: a click on the background only clears the selection
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape in the workspace does the same
    <div className="designer-canvas" style={{ background: theme.backgroundColor }} onClick={clear}>
      <section className="designer-email" style={emailFrameStyle(theme)} aria-label="Email canvas">
        {root.length === 0 ? (
          <StatePanel kind="empty" title="This email is empty" compact>
            Add a block from the palette, drag one here, or apply a template.
          </StatePanel>
        ) : null}
        {root.map((id, index) => (
          <div key={id}>
            <DropZone parent={ROOT_PARENT} index={index} />
            <CanvasBlock id={id} />
          </div>
        ))}
        <DropZone parent={ROOT_PARENT} index={root.length} last />
      </section>
    </div>
  );
}
