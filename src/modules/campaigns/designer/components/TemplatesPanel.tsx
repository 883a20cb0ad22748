import { useEffect, useState } from 'react';
import type { TemplateSummary, TemplateTab } from '../../../../../domain/publishAnswers.ts';
import { applyDesign } from '../../../../engine/design/commands/applyDesign.ts';
import { Button } from '../../../../ui/Button.tsx';
import { LoadErrorPanel } from '../../../../ui/LoadErrorPanel.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { Tabs } from '../../../../ui/Tabs.tsx';
import { useToast } from '../../../../ui/useToast.ts';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { useDesigner } from '../hooks/DesignerContext.ts';
import { CheckField, TextInput } from './PropertyFields.tsx';

const TABS: { id: TemplateTab; label: string }[] = [
  { id: 'all', label: 'All' },
  { id: 'featured_tab', label: 'Featured' },
  { id: 'shared_templates_tab', label: 'Shared' },
  { id: 'my_templates_tab', label: 'My templates' },
];

function TemplateList({ tab }: { tab: TemplateTab }) {
  const { publishApi } = useServices();
  const { draft, dispatcher, announce } = useDesigner();
  const toast = useToast();
  const [applying, setApplying] = useState<number | null>(null);
  const list = useLoad<TemplateTab, { total_count: number; data: TemplateSummary[] }>(
    (which, signal) => publishApi.listTemplates({ tab: which, offset: 0, limit: 50, search: '' }, signal),
    `templates:${tab}`,
  );
  const { load } = list;
  useEffect(() => load(tab), [load, tab]);
  if (list.status === 'failure' && !list.data) {
    return (
      <LoadErrorPanel
        compact
        title="The templates could not be loaded"
        message={list.error?.message}
        onRetry={() => load(tab)}
      />
    );
  }
  if (!list.data) return <StatePanel compact kind="loading" title="Loading templates…" />;
  if (list.data.data.length === 0) {
    return (
      <StatePanel compact kind="empty" title="No templates here yet">
        {tab === 'my_templates_tab'
          ? 'Save a design as a template to find it here.'
          : 'Templates shared with your organisation appear here.'}
      </StatePanel>
    );
  }
  const apply = async (template: TemplateSummary) => {
    setApplying(template.id);
    try {
      const full = await publishApi.getTemplate(template.id);
      draft.run(applyDesign, { design: full.design });
      announce(`Template ${template.name} applied.`);
      toast.show({
        tone: 'success',
        message: `“${template.name}” replaced the design.`,
        action: { label: 'Undo', onAction: () => dispatcher.perform('undo') },
      });
    } catch (error) {
      toast.show({
        tone: 'error',
        message: error instanceof Error ? error.message : 'The template could not be applied.',
      });
    } finally {
      setApplying(null);
    }
  };
  return (
    <ul className="designer-templates" aria-label="Templates">
      {list.data.data.map((template) => (
        <li key={template.id} className="designer-template">
          {template.thumbnail ? (
            <img src={template.thumbnail} alt="" className="designer-template__thumb" />
          ) : null}
          <div className="designer-template__text">
            <p className="designer-template__name">{template.name}</p>
            {template.description ? <p className="designer-muted">{template.description}</p> : null}
          </div>
          <Button
            size="sm"
            variant="secondary"
            loading={applying === template.id}
            onClick={() => apply(template)}
            aria-label={`Apply template ${template.name}`}
          >
            Apply
          </Button>
          {template.is_mine ? (
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete template ${template.name}`}
              onClick={async () => {
                try {
                  await publishApi.deleteTemplate(template.id);
                  load(tab);
                } catch (error) {
                  toast.show({
                    tone: 'error',
                    message: error instanceof Error ? error.message : 'Not deleted.',
                  });
                }
              }}
            >
              Delete
            </Button>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function SaveAsTemplate() {
  const { publishApi } = useServices();
  const { draft } = useDesigner();
  const toast = useToast();
  const [name, setName] = useState('');
  const [shared, setShared] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="designer-save-template"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!name.trim()) {
          setError('Give the template a name.');
          return;
        }
        setBusy(true);
        setError(null);
        try {
          await publishApi.saveTemplate({
            name: name.trim(),
            description: '',
            shared,
            design: draft.getDesign(),
          });
          toast.show({ tone: 'success', message: `Saved as the template “${name.trim()}”.` });
          setName('');
        } catch (failure) {
          setError(failure instanceof Error ? failure.message : 'The template could not be saved.');
        } finally {
          setBusy(false);
        }
      }}
    >
      <h3 className="designer-panel-subtitle">Save this design as a template</h3>
      <TextInput label="Template name" value={name} onChange={setName} error={error} />
      <CheckField label="Share with my organisation" checked={shared} onChange={setShared} />
      <Button type="submit" size="sm" loading={busy}>
        Save as template
      </Button>
    </form>
  );
}

/** Templates: the four tabs (all, featured, shared, mine); apply replaces the design (undoable). */
export function TemplatesPanel() {
  const [tab, setTab] = useState<TemplateTab>('all');
  return (
    <div className="designer-side-panel">
      <Tabs
        label="Template tabs"
        selectedId={tab}
        onSelect={(id) => setTab(id as TemplateTab)}
        tabs={TABS.map((item) => ({
          id: item.id,
          label: item.label,
          content: item.id === tab ? <TemplateList tab={item.id} /> : null,
        }))}
      />
      <SaveAsTemplate />
    </div>
  );
}
