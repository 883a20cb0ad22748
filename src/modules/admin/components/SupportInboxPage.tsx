import type { SupportInboxMessage } from '../../../../domain/supportMessage.ts';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { AdminListPage } from './AdminListPage.tsx';
import { SupportInboxList } from './SupportInboxList.tsx';

const TEXTS = {
  denied:
    'Support messages come from every customer, so only internal admins may read them. Your account is not one.',
  failureTitle: 'The support messages could not be loaded',
  loadingTitle: 'Loading support messages…',
  emptyTitle: 'No support messages yet',
  empty: 'Messages people send from the chat button at the bottom right of the workbench appear here.',
};

/** /admin/support: every message sent from the support-chat widget, newest first (internal admins only). */
export function SupportInboxPage() {
  const { supportApi } = useServices();
  return (
    <AdminListPage<SupportInboxMessage>
      title="Support messages"
      description="Everything people sent from the support chat, newest first, with who sent it and from which page. Reply to them by email."
      noun={['message', 'messages']}
      name="supportInbox"
      rowKey={(message) => message.id}
      fetchPage={(page, signal) => supportApi.inbox(page, signal)}
      texts={TEXTS}
      renderList={(messages, busy) => <SupportInboxList messages={messages} busy={busy} />}
    />
  );
}
