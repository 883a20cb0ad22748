import { useCallback, useState } from 'react';
import type { DesignTheme } from '../../../../../domain/emailDesign.ts';
import { setTheme } from '../../../../engine/design/commands/setTheme.ts';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { Button } from '../../../../ui/Button.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { useDesign } from '../hooks/useDesign.ts';
import { ChoiceField, ColourField, TextInput } from './PropertyFields.tsx';

const FONTS = [
  { value: 'Helvetica, Arial, sans-serif', label: 'Helvetica / Arial' },
  { value: 'Georgia, "Times New Roman", serif', label: 'Georgia' },
  { value: 'Verdana, Geneva, sans-serif', label: 'Verdana' },
  { value: '"Trebuchet MS", Tahoma, sans-serif', label: 'Trebuchet' },
  { value: '"Courier New", Courier, monospace', label: 'Courier' },
] as const;

const COLOURS: { key: keyof DesignTheme; label: string }[] = [
  { key: 'textColor', label: 'Text' },
  { key: 'backgroundColor', label: 'Page background' },
  { key: 'contentBackground', label: 'Email background' },
  { key: 'accentColor', label: 'Accent' },
  { key: 'linkColor', label: 'Links' },
];

const readTheme = (d: DesignDraft) => d.getTheme();

/** The design's theme (fonts, colours, logo), and saving it as the organisation's brand theme. */
export function ThemeEditor({ postalAddress }: { postalAddress: string }) {
  const { draft } = useDesigner();
  const { publishApi } = useServices();
  const toast = useToast();
  const theme = useDesign(draft, readTheme);
  const [busy, setBusy] = useState(false);
  const set = useCallback(
    (patch: Partial<DesignTheme>) => draft.run(setTheme, patch, { merge: true }),
    [draft],
  );
  const fonts = FONTS.some((font) => font.value === theme.fontFamily)
    ? FONTS
    : [...FONTS, { value: theme.fontFamily, label: theme.fontFamily }];
  return (
    <div className="designer-side-panel" data-draft-fields>
      <h2 className="designer-panel-title">Brand theme</h2>
      <ChoiceField
        label="Font"
        value={theme.fontFamily}
        options={fonts}
        onChange={(fontFamily) => set({ fontFamily })}
      />
      {COLOURS.map(({ key, label }) => (
        <ColourField
          key={key}
          label={label}
          value={String(theme[key])}
          onChange={(value) => set({ [key]: value })}
        />
      ))}
      <TextInput
        label="Logo address"
        value={theme.logoUrl ?? ''}
        onChange={(value) => set({ logoUrl: value || null })}
      />
      <Button
        size="sm"
        variant="secondary"
        loading={busy}
        onClick={async () => {
          setBusy(true);
          try {
            await publishApi.saveBrandTheme({ theme, postalAddress });
            toast.show({ tone: 'success', message: 'Saved as your organisation’s brand theme.' });
          } catch (error) {
            toast.show({
              tone: 'error',
              message: error instanceof Error ? error.message : 'The brand theme could not be saved.',
            });
          } finally {
            setBusy(false);
          }
        }}
      >
        Save as brand theme
      </Button>
      <p className="designer-muted">
        New designs start with the brand theme. Changes here apply to this email at once.
      </p>
    </div>
  );
}
