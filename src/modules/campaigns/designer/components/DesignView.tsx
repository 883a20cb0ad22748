import type { ReactNode } from 'react';
import { Button } from '../../../../ui/Button.tsx';
import { BlockPalette } from './BlockPalette.tsx';
import { DesignCanvas } from './DesignCanvas.tsx';

/** Which sheet is open on a phone: the palette, the side panel, or none. */
export type Sheet = 'palette' | 'side' | null;

function SheetHead({ onClose }: { onClose: () => void }) {
  return (
    <div className="designer-drawer__head">
      <Button size="sm" variant="ghost" onClick={onClose}>
        Close
      </Button>
    </div>
  );
}

/**
 * The Design view. Wide windows: the palette as a bar above the canvas, which takes the width (the 600 px
 * email whole, with room around it), and the side panel (properties, templates, theme) beside it. Phones
 * (<= 900 px): the canvas alone, the palette and the side panel as bottom sheets opened by "Add block" and
 * "Properties and templates", closed by Close, Escape or the backdrop; nothing floats over the canvas
 * unless asked for.
 */
export function DesignView({
  sheet,
  onSheet,
  sidePanel,
}: {
  sheet: Sheet;
  onSheet: (sheet: Sheet) => void;
  sidePanel: ReactNode;
}) {
  const close = () => onSheet(null);
  return (
    <div className="designer-grid">
      <div className="designer-phone-bar">
        <Button size="sm" variant="secondary" onClick={() => onSheet('palette')}>
          Add block
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onSheet('side')}>
          Properties and templates
        </Button>
      </div>
      <div className="designer-main">
        <div
          className={`designer-drawer designer-drawer--palette${sheet === 'palette' ? ' designer-drawer--open' : ''}`}
        >
          <SheetHead onClose={close} />
          <BlockPalette />
        </div>
        <DesignCanvas />
      </div>
      <div
        className={`designer-drawer designer-drawer--side${sheet === 'side' ? ' designer-drawer--open' : ''}`}
      >
        <SheetHead onClose={close} />
        {sidePanel}
      </div>
      {sheet ? (
        // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop closes the sheet; Escape and Close do too
        // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the sheet
        <div className="designer-backdrop" onClick={close} />
      ) : null}
    </div>
  );
}
