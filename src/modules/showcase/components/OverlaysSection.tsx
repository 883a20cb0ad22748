import { useState } from 'react';
import { Button } from '../../../ui/Button.tsx';
import { ConfirmDialog } from '../../../ui/ConfirmDialog.tsx';
import { Menu } from '../../../ui/Menu.tsx';
import { useToast } from '../../../ui/useToast.ts';
import { ShowcaseExample } from './ShowcaseExample.tsx';
import { ShowcaseSection } from './ShowcaseSection.tsx';

/** The modal dialog and the menu button. */
export function OverlaysSection() {
  const [open, setOpen] = useState(false);
  const toast = useToast();
  return (
    <ShowcaseSection
      id="overlays"
      title="Dialog and menu"
      description="Both work from the keyboard: Escape closes them and focus returns to the button."
    >
      <ShowcaseExample label="Dialog">
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Clone workflow…
        </Button>
        <ConfirmDialog
          open={open}
          onClose={() => setOpen(false)}
          title="Cloning this workflow"
          description="Are you sure you want to clone this workflow?"
          tone="primary"
          confirmLabel="Clone"
          onConfirm={() => {
            setOpen(false);
            toast.show({ tone: 'success', title: 'Workflow Cloned', message: 'The copy is a draft.' });
          }}
        >
          <p>The copy starts inactive, with the same steps, emails and lists.</p>
        </ConfirmDialog>
      </ShowcaseExample>
      <ShowcaseExample label="Menu">
        <Menu
          label="Workflow actions"
          align="start"
          triggerClassName="ui-button ui-button--ghost ui-button--md"
          trigger="Actions ▾"
          items={[
            { id: 'edit', label: 'Edit', onSelect: () => toast.show({ message: 'Edit chosen.' }) },
            { id: 'clone', label: 'Clone', onSelect: () => setOpen(true) },
            {
              id: 'delete',
              label: 'Delete',
              tone: 'danger',
              onSelect: () => toast.show({ tone: 'warning', message: 'Delete chosen.' }),
            },
          ]}
        />
      </ShowcaseExample>
    </ShowcaseSection>
  );
}
