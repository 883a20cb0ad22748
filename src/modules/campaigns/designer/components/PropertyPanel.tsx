import { useCallback } from 'react';
import { type DesignBlock, SOCIAL_NETWORKS } from '../../../../../domain/emailDesign.ts';
import { BLOCK_LABELS } from '../../../../engine/design/blockDefaults.ts';
import { setBlockProps } from '../../../../engine/design/commands/setBlockProps.ts';
import type { DesignDraft } from '../../../../engine/design/DesignDraft.ts';
import { Button } from '../../../../ui/Button.tsx';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { useDesign } from '../hooks/useDesign.ts';
import { ColumnCountField } from './ColumnCountField.tsx';
import { ImageUploadField } from './ImageUploadField.tsx';
import { CheckField, ChoiceField, ColourField, NumberField, TextInput } from './PropertyFields.tsx';

const ALIGN = [
  { value: 'left', label: 'Left' },
  { value: 'center', label: 'Centre' },
  { value: 'right', label: 'Right' },
] as const;
const SIDES = ['Top', 'Right', 'Bottom', 'Left'] as const;

/** The selected block's properties: layout (padding, alignment, background) and the kind's own fields. */
export function PropertyPanel() {
  const { draft, selectedId, articles } = useDesigner();
  const block = useDesign(
    draft,
    useCallback((d: DesignDraft) => (selectedId ? d.getBlock(selectedId) : null), [selectedId]),
  );
  if (!block) {
    return (
      <aside className="designer-properties" aria-label="Block properties">
        <h2 className="designer-panel-title">Properties</h2>
        <p className="designer-muted">
          Select a block on the canvas to change its colours, spacing, links and text.
        </p>
      </aside>
    );
  }
  const set = (props: Record<string, unknown>, merge = false) =>
    draft.run(setBlockProps, { id: block.id, props }, { merge });
  return (
    <aside className="designer-properties" aria-label="Block properties" data-draft-fields>
      <h2 className="designer-panel-title">{BLOCK_LABELS[block.kind]} properties</h2>
      <KindFields block={block} set={set} articles={articles} />
      <fieldset className="designer-fieldset">
        <legend>Layout</legend>
        <ChoiceField
          label="Alignment"
          value={block.align}
          options={ALIGN}
          onChange={(align) => set({ align })}
        />
        <div className="designer-padding">
          {SIDES.map((side, index) => (
            <NumberField
              key={side}
              label={`${side} padding`}
              value={block.padding[index] ?? 0}
              min={0}
              max={120}
              onChange={(value) => {
                const padding = [...block.padding];
                padding[index] = value;
                set({ padding }, true);
              }}
            />
          ))}
        </div>
        <CheckField
          label="Own background colour"
          checked={block.background !== null}
          onChange={(on) => set({ background: on ? '#ffffff' : null })}
        />
        {block.background !== null ? (
          <ColourField
            label="Background"
            value={block.background}
            onChange={(background) => set({ background }, true)}
          />
        ) : null}
      </fieldset>
    </aside>
  );
}

type Setter = (props: Record<string, unknown>, merge?: boolean) => void;

/** Alt text from a file's name: "team-photo_2026.png" -> "team photo 2026". */
function altFromFileName(name: string): string {
  return name
    .replace(/\.[a-z0-9]+$/i, '')
    .replace(/[-_]+/g, ' ')
    .trim();
}

function KindFields({
  block,
  set,
  articles,
}: {
  block: DesignBlock;
  set: Setter;
  articles: { id: number; title: string }[];
}) {
  switch (block.kind) {
    case 'header':
      return (
        <>
          <TextInput
            label="Logo address"
            value={block.logoUrl ?? ''}
            onChange={(v) => set({ logoUrl: v || null }, true)}
          />
          <TextInput
            label="Logo alt text"
            value={block.logoAlt}
            onChange={(logoAlt) => set({ logoAlt }, true)}
          />
          <p className="designer-muted">Edit the title on the canvas.</p>
        </>
      );
    case 'text':
      return <p className="designer-muted">Type on the canvas. Ctrl/Cmd+B bold, +I italic, +U underline.</p>;
    case 'image':
      return (
        <>
          <ImageUploadField
            onUploaded={(image, file) =>
              set({
                src: image.url,
                width: Math.min(600, Math.max(20, image.width)),
                ...(block.alt ? {} : { alt: altFromFileName(file.name) }),
              })
            }
          />
          <TextInput label="Image address" value={block.src} onChange={(src) => set({ src }, true)} />
          <TextInput label="Alt text" value={block.alt} onChange={(alt) => set({ alt }, true)} />
          <TextInput
            label="Link"
            type="url"
            value={block.href}
            placeholder="https://"
            onChange={(href) => set({ href }, true)}
          />
          <NumberField
            label="Width (px)"
            value={block.width}
            min={20}
            max={600}
            onChange={(width) => set({ width }, true)}
          />
        </>
      );
    case 'button':
      return (
        <>
          <TextInput label="Button label" value={block.label} onChange={(label) => set({ label }, true)} />
          <TextInput
            label="Button link"
            type="url"
            value={block.href}
            placeholder="https://"
            onChange={(href) => set({ href }, true)}
          />
          <ColourField label="Button colour" value={block.color} onChange={(color) => set({ color }, true)} />
          <ColourField
            label="Label colour"
            value={block.textColor}
            onChange={(textColor) => set({ textColor }, true)}
          />
        </>
      );
    case 'divider':
      return (
        <>
          <ColourField label="Line colour" value={block.color} onChange={(color) => set({ color }, true)} />
          <NumberField
            label="Thickness (px)"
            value={block.thickness}
            min={1}
            max={10}
            onChange={(thickness) => set({ thickness }, true)}
          />
        </>
      );
    case 'spacer':
      return (
        <NumberField
          label="Height (px)"
          value={block.height}
          min={4}
          max={200}
          onChange={(height) => set({ height }, true)}
        />
      );
    case 'social':
      return (
        <fieldset className="designer-fieldset">
          <legend>Social links</legend>
          {block.links.map((link, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: links are edited in place by position
            <div key={index} className="designer-social-row">
              <ChoiceField
                label={`Network ${index + 1}`}
                value={link.network}
                options={SOCIAL_NETWORKS.map((network) => ({ value: network, label: network }))}
                onChange={(network) =>
                  set({ links: block.links.map((l, i) => (i === index ? { ...l, network } : l)) })
                }
              />
              <TextInput
                label={`Link ${index + 1}`}
                type="url"
                value={link.href}
                placeholder="https://"
                onChange={(href) =>
                  set({ links: block.links.map((l, i) => (i === index ? { ...l, href } : l)) }, true)
                }
              />
              <Button
                size="sm"
                variant="ghost"
                onClick={() => set({ links: block.links.filter((_, i) => i !== index) })}
              >
                Remove link {index + 1}
              </Button>
            </div>
          ))}
          {block.links.length < 10 ? (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => set({ links: [...block.links, { network: 'website', href: '' }] })}
            >
              Add a link
            </Button>
          ) : null}
        </fieldset>
      );
    case 'articleList':
      return (
        <>
          <ChoiceField
            label="Layout"
            value={block.layout}
            options={[
              { value: 'list', label: 'List' },
              { value: 'cards', label: 'Cards' },
            ]}
            onChange={(layout) => set({ layout })}
          />
          <NumberField
            label="At most (articles)"
            value={block.limit}
            min={1}
            max={50}
            onChange={(limit) => set({ limit }, true)}
          />
          <CheckField
            label="Show images"
            checked={block.showImages}
            onChange={(showImages) => set({ showImages })}
          />
          <CheckField
            label="Show summaries"
            checked={block.showSummary}
            onChange={(showSummary) => set({ showSummary })}
          />
        </>
      );
    case 'articleCard':
      return (
        <>
          <ChoiceField
            label="Article"
            value={String(block.articleId ?? '')}
            options={[
              { value: '', label: 'Choose an article' },
              ...articles.map((a) => ({ value: String(a.id), label: a.title })),
            ]}
            onChange={(value) => set({ articleId: value ? Number(value) : null })}
          />
          <CheckField
            label="Show image"
            checked={block.showImage}
            onChange={(showImage) => set({ showImage })}
          />
          <CheckField
            label="Show summary"
            checked={block.showSummary}
            onChange={(showSummary) => set({ showSummary })}
          />
        </>
      );
    case 'footer':
      return (
        <>
          <TextInput
            label="Postal address"
            value={block.postalAddress}
            onChange={(postalAddress) => set({ postalAddress }, true)}
          />
          <CheckField
            label="Preference and unsubscribe links (required for marketing email)"
            checked={block.showPreferenceLink}
            onChange={(showPreferenceLink) => set({ showPreferenceLink })}
          />
        </>
      );
    case 'columns':
      return (
        <>
          <ColumnCountField blockId={block.id} set={set} />
          <p className="designer-muted">Drag text, image, button, divider or spacer blocks into a column.</p>
        </>
      );
  }
}
