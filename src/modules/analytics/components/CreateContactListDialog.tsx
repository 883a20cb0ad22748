import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { listNameSchema, MAX_LIST_NAME } from '../../../../domain/audienceListSchemas.ts';
import type { AudienceListSummary } from '../../../../domain/audienceLists.ts';
import { countOf } from '../../../../domain/countOf.ts';
import type { ContactsListingQuery } from '../../../api/analyticsApi.ts';
import { Alert } from '../../../ui/Alert.tsx';
import { Button } from '../../../ui/Button.tsx';
import { buttonClassName } from '../../../ui/buttonClassName.ts';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Form } from '../../../ui/Form.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { UserText } from '../../../ui/UserText.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useRequest } from '../../shared/hooks/useRequest.ts';

type Props = {
  open: boolean;
  onClose: () => void;
  /** The tab, filter and search whose contacts the list takes (every one, not only the page shown). */
  listing: ContactsListingQuery;
  /** How many contacts the tab holds (for the dialog's line). */
  total: number;
};

/**
 * "Create a list from these contacts": a name (not blank, at most 120 characters, not another list's), then
 * contacts_listing/ with list_create makes the list of every contact of the tab. Every refusal is shown on
 * the name field; the new list is linked once made.
 */
export function CreateContactListDialog({ open, onClose, listing, total }: Props) {
  const api = useServices().analyticsApi;
  const [name, setName] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const create = useRequest(
    (listName: string, signal) =>
      api.createListFromContacts({ ...listing, listName }, signal).then((answer) => answer.list),
    'analytics-create-contact-list',
  );
  const created: AudienceListSummary | null = create.status === 'success' ? create.data : null;
  const refusal = create.status === 'failure' ? (create.error?.message ?? null) : null;

  const close = () => {
    setName('');
    setFieldError(null);
    create.reset();
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = listNameSchema().safeParse(name);
    if (!parsed.success) return setFieldError(parsed.error.issues[0]?.message ?? 'Give the list a name.');
    setFieldError(null);
    create.submit(parsed.data);
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="Create a list from these contacts"
      description={`Every one of the ${countOf(total, 'contact', 'contacts')} of this tab and filter, not only those shown.`}
      footer={
        created ? (
          <Button variant="secondary" onClick={close}>
            Close
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" form="contact-list-form" loading={create.status === 'loading'}>
              Create list
            </Button>
          </>
        )
      }
    >
      {created ? (
        <Alert tone="success" title="The list was created">
          <UserText>{created.list_name}</UserText> holds{' '}
          {countOf(created.totalContacts, 'contact', 'contacts')}.{' '}
          <Link
            to="/audiences/{-$page}/{-$tab}/{-$subTab}"
            params={{ page: 'lists', tab: 'view', subTab: undefined }}
            search={{ list_id: created.list_id } as never}
            className={buttonClassName('secondary')}
          >
            Open the list
          </Link>
        </Alert>
      ) : (
        <Form id="contact-list-form" onSubmit={submit} noValidate>
          <TextField
            label="List name"
            value={name}
            maxLength={MAX_LIST_NAME + 20}
            autoComplete="off"
            error={fieldError ?? refusal ?? undefined}
            onChange={(event) => {
              setName(event.target.value);
              setFieldError(null);
              if (create.status === 'failure') create.reset();
            }}
          />
        </Form>
      )}
    </Dialog>
  );
}
