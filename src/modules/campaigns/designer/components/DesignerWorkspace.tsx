import { useSelector } from '@xstate/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ySyncPluginKey } from 'y-prosemirror';
import type { EditionDesign } from '../../../../../domain/publishAnswers.ts';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Tabs } from '../../../../ui/Tabs.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { DesignerContext, type DesignerShared } from '../hooks/DesignerContext.ts';
import { useDesign } from '../hooks/useDesign.ts';
import { useDesignSaveActor } from '../hooks/useDesignSaveActor.ts';
import { BlockPalette } from './BlockPalette.tsx';
import { DesignCanvas } from './DesignCanvas.tsx';
import { DesignerToolbar } from './DesignerToolbar.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import { PropertyPanel } from './PropertyPanel.tsx';
import { TemplatesPanel } from './TemplatesPanel.tsx';
import { TextVersionPanel } from './TextVersionPanel.tsx';
import { ThemeEditor } from './ThemeEditor.tsx';

type Sheet = 'palette' | 'side' | null;
const readDiffers = (d: DesignDraft) => d.getStatus().draftDiffersFromServer;

function isTextTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/**
 * The designer: toolbar, then Design (palette | canvas | properties, templates, theme), Preview and Text
 * version. On phones the palette and the side panel are sheets opened by buttons, never over the canvas
 * unless asked for. Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z undo and redo outside text fields (ProseMirror takes
 * them inside the text itself, into the same history).
 */
export function DesignerWorkspace({ draft, edition }: { draft: DesignDraft; edition: EditionDesign }) {
  const { publishApi } = useServices();
  const saveActor = useDesignSaveActor(draft, publishApi);
  const faultBlockId = useSelector(saveActor, (s) => s.context.faultBlockId);
  const [selectedId, select] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [mode, setMode] = useState('design');
  const [side, setSide] = useState('properties');
  const [sheet, setSheet] = useState<Sheet>(null);
  const differs = useDesign(draft, readDiffers);
  const announce = useCallback((text: string) => {
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(text));
  }, []);
  useEffect(() => draft.undo.trackOrigin(ySyncPluginKey), [draft]);
  useEffect(() => {
    if (!faultBlockId) return;
    select(faultBlockId);
    document.getElementById(`block-${faultBlockId}`)?.scrollIntoView?.({ block: 'center' });
  }, [faultBlockId]);
  const shared = useMemo<DesignerShared>(
    () => ({
      draft,
      versionId: draft.versionId,
      articles: edition.articles,
      selectedId,
      select,
      faultBlockId,
      announce,
    }),
    [draft, edition.articles, selectedId, faultBlockId, announce],
  );
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && sheet) {
      setSheet(null);
      return;
    }
    if (!(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 'z' || isTextTarget(event.target)) {
      if (
        (event.ctrlKey || event.metaKey) &&
        event.key.toLowerCase() === 'y' &&
        !isTextTarget(event.target)
      ) {
        event.preventDefault();
        draft.undo.redo();
      }
      return;
    }
    event.preventDefault();
    if (event.shiftKey) draft.undo.redo();
    else draft.undo.undo();
  };
  const sidePanel = (
    <Tabs
      label="Design tools"
      selectedId={side}
      onSelect={setSide}
      tabs={[
        { id: 'properties', label: 'Properties', content: side === 'properties' ? <PropertyPanel /> : null },
        { id: 'templates', label: 'Templates', content: side === 'templates' ? <TemplatesPanel /> : null },
        {
          id: 'theme',
          label: 'Theme',
          content: side === 'theme' ? <ThemeEditor postalAddress={edition.postal_address ?? ''} /> : null,
        },
      ]}
    />
  );
  return (
    <DesignerContext.Provider value={shared}>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: keyboard shortcuts of the whole designer */}
      <div className="designer" onKeyDown={onKeyDown}>
        <DesignerToolbar draft={draft} saveActor={saveActor} />
        {differs ? (
          <Alert
            tone="warning"
            title="Your local draft differs from the saved design"
            actions={
              <>
                <Button size="sm" variant="secondary" onClick={() => draft.keepDraft()}>
                  Keep my draft
                </Button>
                <Button size="sm" variant="ghost" onClick={() => draft.discardDraft()}>
                  Discard my draft
                </Button>
              </>
            }
          >
            Unsaved changes from an earlier visit were kept in this browser.
          </Alert>
        ) : null}
        <div className="ui-visually-hidden" aria-live="polite" data-testid="designer-announcer">
          {announcement}
        </div>
        <Tabs
          label="Designer views"
          selectedId={mode}
          onSelect={setMode}
          tabs={[
            {
              id: 'design',
              label: 'Design',
              content:
                mode === 'design' ? (
                  <div className="designer-grid">
                    <div className="designer-phone-bar">
                      <Button size="sm" variant="secondary" onClick={() => setSheet('palette')}>
                        Add block
                      </Button>
                      <Button size="sm" variant="secondary" onClick={() => setSheet('side')}>
                        Properties and templates
                      </Button>
                    </div>
                    <div
                      className={`designer-drawer designer-drawer--palette${sheet === 'palette' ? ' designer-drawer--open' : ''}`}
                    >
                      <div className="designer-drawer__head">
                        <Button size="sm" variant="ghost" onClick={() => setSheet(null)}>
                          Close
                        </Button>
                      </div>
                      <BlockPalette onAdded={() => setSheet(null)} />
                    </div>
                    <DesignCanvas />
                    <div
                      className={`designer-drawer designer-drawer--side${sheet === 'side' ? ' designer-drawer--open' : ''}`}
                    >
                      <div className="designer-drawer__head">
                        <Button size="sm" variant="ghost" onClick={() => setSheet(null)}>
                          Close
                        </Button>
                      </div>
                      {sidePanel}
                    </div>
                    {sheet ? (
                      // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop closes the sheet; Escape and Close do too
                      // biome-ignore lint/a11y/useKeyWithClickEvents: Escape closes the sheet
                      <div className="designer-backdrop" onClick={() => setSheet(null)} />
                    ) : null}
                  </div>
                ) : null,
            },
            { id: 'preview', label: 'Preview', content: mode === 'preview' ? <PreviewPanel /> : null },
            {
              id: 'text',
              label: 'Text version',
              content:
                mode === 'text' ? (
                  <TextVersionPanel
                    initial={edition.preview_text ?? ''}
                    edited={edition.text_preview_edited}
                  />
                ) : null,
            },
          ]}
        />
      </div>
    </DesignerContext.Provider>
  );
}
