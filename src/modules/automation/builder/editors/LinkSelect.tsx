import { useEffect } from 'react';
import type { WorkflowAnswers } from '../../../../../domain/workflowTypes.ts';
import type { EmailsLinksQuery } from '../../../../api/workflowApi.ts';
import { Select } from '../../../../ui/Select.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { optionsState } from '../../../shared/components/optionsState.tsx';
import { useServices } from '../../../shared/hooks/ServicesContext.ts';
import { useLoad } from '../../../shared/hooks/useLoad.ts';
import { uniqueLinks } from './uniqueLinks.ts';

type Props = {
  emailId: number;
  nodeId: string;
  workflowId: number;
  value: string | null | undefined;
  onChange: (link: string | null) => void;
};

export const ANY_LINK_LABEL = 'Any link';

/** The link of a click condition, among the email's links (get_emails_links/, duplicates removed). */
export function LinkSelect({ emailId, nodeId, workflowId, value, onChange }: Props) {
  const api = useServices().workflowApi;
  const links = useLoad<EmailsLinksQuery, WorkflowAnswers['get_emails_links']>(
    (query, signal) => api.getEmailsLinks(query, signal),
    'emailsLinks',
  );
  const { load } = links;
  useEffect(() => load({ emailIds: [emailId], nodeId, workflowId }), [emailId, nodeId, workflowId, load]);
  const state = optionsState({
    status: links.status,
    hasData: links.data !== null && links.status !== 'loading',
    error: links.error,
    noun: 'links',
    onRetry: () => load({ emailIds: [emailId], nodeId, workflowId }),
  });
  if (state) return state;
  const options = uniqueLinks(links.data?.data ?? []);
  if (options.length === 0) {
    return (
      <StatePanel compact kind="empty" title="This email has no links">
        The condition tests a click on any link.
      </StatePanel>
    );
  }
  const current = value ?? '';
  const known = current === '' || options.some((link) => link.url === current);
  return (
    <Select
      label="Link"
      value={current}
      options={[
        { value: '', label: ANY_LINK_LABEL },
        ...(known ? [] : [{ value: current, label: `${current} (no longer in the email)` }]),
        ...options.map((link) => ({
          value: link.url,
          label: link.text && link.text !== link.url ? `${link.text} (${link.url})` : link.url,
        })),
      ]}
      onChange={(event) => onChange(event.target.value || null)}
    />
  );
}
