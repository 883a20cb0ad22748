import { useState } from 'react';
import type { OutboxEmail } from '../../../../domain/outboxTypes.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { AdminListPage } from './AdminListPage.tsx';
import { OutboxEmailDialog } from './OutboxEmailDialog.tsx';
import { OutboxTable } from './OutboxTable.tsx';

const TEXTS = {
  denied:
    'The outbox shows emails sent to every customer, so only internal admins may read it. Your account is not one.',
  failureTitle: 'The outbox could not be loaded',
  loadingTitle: 'Loading the outbox…',
  emptyTitle: 'No emails yet',
  empty:
    'Emails the product sends (password resets now, campaigns and workflows later) appear here as soon as they are written.',
};

/** /admin/outbox: every email the product sent or queued, newest first (internal admins only). */
export function OutboxPage() {
  const { userApi } = useServices();
  const [open, setOpen] = useState<OutboxEmail | null>(null);
  return (
    <AdminListPage<OutboxEmail>
      title="Outbox"
      description="Every email the product has sent or queued, newest first. Open one to read it."
      noun={['email', 'emails']}
      name="outbox"
      rowKey={(email) => email.id}
      fetchPage={(page, signal) => userApi.outbox(page, signal)}
      texts={TEXTS}
      renderList={(emails, busy) => (
        <OutboxTable
          emails={emails}
          busy={busy}
          onOpen={(id) => setOpen(emails.find((e) => e.id === id) ?? null)}
        />
      )}
    >
      <OutboxEmailDialog email={open} onClose={() => setOpen(null)} />
    </AdminListPage>
  );
}
