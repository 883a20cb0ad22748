import { useSelector } from '@xstate/react';
import { useEffect, useMemo, useState } from 'react';
import { ySyncPluginKey } from 'y-prosemirror';
import type { EditionDesign } from '../../../../../domain/publishAnswers.ts';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { Alert } from '../../../../ui/Alert.tsx';
import { Button } from '../../../../ui/Button.tsx';
import { Tabs } from '../../../../ui/Tabs.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { isTextField, useActionShortcuts } from '../../../shared/hooks/useActionShortcuts.ts';
import { DesignerContext, type DesignerShared } from '../hooks/DesignerContext.ts';
import { useDesign } from '../hooks/useDesign.ts';
import { useDesignerActions } from '../hooks/useDesignerActions.ts';
import { useDesignSaveActor } from '../hooks/useDesignSaveActor.ts';
import { DesignerToolbar } from './DesignerToolbar.tsx';
import { DesignView, type Sheet } from './DesignView.tsx';
import { PreviewPanel } from './PreviewPanel.tsx';
import { PropertyPanel } from './PropertyPanel.tsx';
import { TemplatesPanel } from './TemplatesPanel.tsx';
import { type TextVersion, TextVersionPanel } from './TextVersionPanel.tsx';
import { ThemeEditor } from './ThemeEditor.tsx';

const readDiffers = (d: DesignDraft) => d.getStatus().draftDiffersFromServer;

/**
 * A text field with a history of its own (the text version, a template's name, a link's address): Ctrl+Z
 * there is the browser's. Fields that edit the draft (the version name, the properties, the theme, text
 * typed in place) are marked data-draft-fields: Ctrl+Z there is the draft's Undo, like anywhere else.
 */
function keepsOwnHistory(target: EventTarget | null): boolean {
  if (!isTextField(target)) return false;
  // The nearest of the two: a dialog's field (a link's address) is its own, even over the text.
  const owner = (target as HTMLElement).closest('dialog, [data-draft-fields]');
  return owner === null || owner.tagName === 'DIALOG';
}

/**
 * The designer: toolbar, then Design (palette | canvas | properties, templates, theme), Preview and Text
 * version. On phones the palette and the side panel are sheets opened by buttons, never over the canvas
 * unless asked for. Every key and button that changes the design goes through the designer's action
 * registry (useDesignerActions): Ctrl/Cmd+Z, Shift+Ctrl/Cmd+Z and Ctrl/Cmd+Y anywhere on the page (text
 * typed in place included) are the toolbar's Undo and Redo, over one history.
 */
export function DesignerWorkspace({ draft, edition }: { draft: DesignDraft; edition: EditionDesign }) {
  const { publishApi } = useServices();
  const [textVersion, setTextVersion] = useState<TextVersion>({
    text: edition.preview_text ?? '',
    edited: edition.text_preview_edited,
  });
  // The server makes the text version again from what was saved (unless it was edited): keep it current.
  const saveActor = useDesignSaveActor(draft, publishApi, (saved) =>
    setTextVersion((current) => ({ ...current, text: saved.previewText ?? current.text })),
  );
  const faultBlockId = useSelector(saveActor, (s) => s.context.faultBlockId);
  const [mode, setMode] = useState('design');
  const [side, setSide] = useState('properties');
  const [sheet, setSheet] = useState<Sheet>(null);
  const { dispatcher, selectedId, select, announcement, announce } = useDesignerActions(draft, () =>
    setSheet(null),
  );
  const differs = useDesign(draft, readDiffers);
  useEffect(() => draft.undo.trackOrigin(ySyncPluginKey), [draft]);
  useActionShortcuts(dispatcher, { keepsNativeKeys: keepsOwnHistory, surface: 'toolbar' });
  useEffect(() => {
    if (!faultBlockId) return;
    select(faultBlockId);
    document.getElementById(`block-${faultBlockId}`)?.scrollIntoView?.({ block: 'center' });
  }, [faultBlockId, select]);
  const shared = useMemo<DesignerShared>(
    () => ({
      draft,
      dispatcher,
      versionId: draft.versionId,
      articles: edition.articles,
      selectedId,
      select,
      faultBlockId,
      announce,
    }),
    [draft, dispatcher, edition.articles, selectedId, select, faultBlockId, announce],
  );
  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape' && sheet) setSheet(null);
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
      {/* biome-ignore lint/a11y/noStaticElementInteractions: Escape closes a phone's sheet */}
      <div className="designer" onKeyDown={onKeyDown}>
        <DesignerToolbar draft={draft} dispatcher={dispatcher} saveActor={saveActor} />
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
                  <DesignView sheet={sheet} onSheet={setSheet} sidePanel={sidePanel} />
                ) : null,
            },
            { id: 'preview', label: 'Preview', content: mode === 'preview' ? <PreviewPanel /> : null },
            {
              id: 'text',
              label: 'Text version',
              content:
                mode === 'text' ? <TextVersionPanel version={textVersion} onChange={setTextVersion} /> : null,
            },
          ]}
        />
      </div>
    </DesignerContext.Provider>
  );
}
