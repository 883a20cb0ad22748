import { type ReactNode, useEffect, useState } from 'react';
import type { UserEmailsQuery } from '../../../api/workflowApi.ts';
import { normaliseSearchTerm } from '../../../domain/normaliseSearchTerm.ts';
import type { EmailVersion, WorkflowAnswers } from '../../../domain/workflowTypes.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Button } from '../../../ui/Button.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue.ts';
import { useAutomationApi } from '../hooks/AutomationApiContext.ts';
import { useLoad } from '../hooks/useLoad.ts';
import { formatWorkflowDate } from '../utils/formatWorkflowDate.ts';

export const EMAIL_PICKER_PAGE_SIZE = 10;

type Props = {
  value: EmailVersion | null;
  onChange: (email: EmailVersion) => void;
};

/**
 * The email picker: searchable (300 ms debounce), paged and cancellable (a newer search or page
 * supersedes the request in flight). Each option shows the email version's fields (spec 01 section 3).
 */
export function EmailPicker({ value, onChange }: Props) {
  const api = useAutomationApi();
  const [text, setText] = useState('');
  const term = normaliseSearchTerm(useDebouncedValue(text)).term;
  const [paging, setPaging] = useState({ term: '', offset: 0 });
  const { offset } = paging;
  const emails = useLoad<UserEmailsQuery, WorkflowAnswers['get_user_emails']>(
    (query, signal) => api.getUserEmails(query, signal),
    'userEmails',
  );
  const { load } = emails;
  // A settled search term starts again from the first page.
  useEffect(() => setPaging((current) => (current.term === term ? current : { term, offset: 0 })), [term]);
  useEffect(() => {
    load({ offset: paging.offset, limit: EMAIL_PICKER_PAGE_SIZE, searchTerm: paging.term });
  }, [paging, load]);

  const page = emails.data;
  const loading = emails.status === 'loading';
  let list: ReactNode;
  if (emails.status === 'failure' && emails.error) {
    list = (
      <StatePanel
        compact
        kind="error"
        title="Your emails could not be loaded"
        actions={
          <Button
            variant="secondary"
            onClick={() => load({ offset, limit: EMAIL_PICKER_PAGE_SIZE, searchTerm: paging.term })}
          >
            Try again
          </Button>
        }
      >
        {emails.error.message}
      </StatePanel>
    );
  } else if (!page) {
    list = <StatePanel compact kind="loading" title="Loading your emails…" />;
  } else if (page.data.emails.length === 0) {
    list = (
      <StatePanel compact kind="empty" title={paging.term ? 'No email matches' : 'No emails yet'}>
        {paging.term ? `Nothing matches “${paging.term}”.` : 'Emails you build in campaigns appear here.'}
      </StatePanel>
    );
  } else {
    list = (
      <div role="radiogroup" aria-label="Emails" className="automation-options" aria-busy={loading}>
        {page.data.emails.map((email) => (
          <label
            key={email.email_id}
            className={`automation-email${value?.email_id === email.email_id ? ' automation-email--selected' : ''}`}
          >
            <input
              type="radio"
              name="email"
              className="automation-option__input"
              checked={value?.email_id === email.email_id}
              onChange={() => onChange(email)}
              aria-labelledby={`automation-email-${email.email_id}`}
              aria-describedby={`automation-email-${email.email_id}-more`}
            />
            <span className="automation-email__thumb" aria-hidden="true">
              {email.thumbnail ? <img src={email.thumbnail} alt="" loading="lazy" /> : <span>✉</span>}
            </span>
            <span className="automation-email__text" id={`automation-email-${email.email_id}-more`}>
              <span className="automation-email__name" id={`automation-email-${email.email_id}`}>
                {email.email_name}
              </span>
              <span className="automation-email__subject">Subject: {email.subject}</span>
              <span className="automation-muted">
                {email.campaign_name ? `${email.campaign_name} · ` : ''}
                {email.sender_name} &lt;{email.sent_from}&gt; · Created {formatWorkflowDate(email.created_on)}
              </span>
            </span>
            <span className="automation-email__badges">
              <Badge tone={email.design_ready ? 'success' : 'warning'}>
                {email.design_ready ? 'Design ready' : 'Design not ready'}
              </Badge>
              <Badge tone="info">{email.email_platform}</Badge>
            </span>
          </label>
        ))}
      </div>
    );
  }

  return (
    <div className="automation-picker">
      <TextField
        label="Search emails"
        type="search"
        placeholder="Email name or subject"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {page?.internal_user ? (
        <p className="automation-muted">You see internal emails too, as an internal user.</p>
      ) : null}
      {list}
      {page && page.total_count > EMAIL_PICKER_PAGE_SIZE ? (
        <Pagination
          offset={offset}
          limit={EMAIL_PICKER_PAGE_SIZE}
          total={page.total_count}
          noun="emails"
          disabled={loading}
          onChange={(next) => setPaging((current) => ({ ...current, offset: next }))}
        />
      ) : null}
    </div>
  );
}
