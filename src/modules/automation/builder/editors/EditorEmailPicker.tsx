import { useEffect, useId, useState } from 'react';
import type { UserEmailsQuery } from '../../../../api/workflowApi.ts';
import { normaliseSearchTerm } from '../../../../domain/normaliseSearchTerm.ts';
import type { EmailVersion, WorkflowAnswers } from '../../../../domain/workflowTypes.ts';
import { Badge } from '../../../../ui/Badge.tsx';
import { Pagination } from '../../../../ui/Pagination.tsx';
import { StatePanel } from '../../../../ui/StatePanel.tsx';
import { TextField } from '../../../../ui/TextField.tsx';
import { useDebouncedValue } from '../../../shared/hooks/useDebouncedValue.ts';
import { useLoad } from '../../hooks/useLoad.ts';
import { formatWorkflowDate } from '../../utils/formatWorkflowDate.ts';
import { useEditorApi } from './EditorApiContext.ts';
import { optionsState } from './optionsState.tsx';

export const EDITOR_EMAIL_PAGE_SIZE = 8;

type Props = {
  /** The chosen email's id (null: none yet). */
  selectedId: number | null;
  onChange: (email: EmailVersion) => void;
  /** The group's accessible name. */
  label?: string;
};

/**
 * The node editors' email picker (get_user_emails/): searchable (300 ms debounce), paged and cancellable
 * (a newer search or page supersedes the request in flight). Each option shows the email version's
 * fields and whether its design is ready (a send-email step with an email not design-ready cannot be
 * published).
 */
export function EditorEmailPicker({ selectedId, onChange, label = 'Emails' }: Props) {
  const api = useEditorApi();
  const groupName = useId();
  const [text, setText] = useState('');
  const term = normaliseSearchTerm(useDebouncedValue(text)).term;
  const [paging, setPaging] = useState({ term: '', offset: 0 });
  const emails = useLoad<UserEmailsQuery, WorkflowAnswers['get_user_emails']>(
    (query, signal) => api.getUserEmails(query, signal),
    'editorEmails',
  );
  const { load } = emails;
  useEffect(() => setPaging((current) => (current.term === term ? current : { term, offset: 0 })), [term]);
  const query = { offset: paging.offset, limit: EDITOR_EMAIL_PAGE_SIZE, searchTerm: paging.term };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query follows paging
  useEffect(() => load(query), [paging, load]);

  const page = emails.data;
  const state = optionsState({
    status: emails.status,
    hasData: page !== null,
    error: emails.error,
    noun: 'emails',
    onRetry: () => load(query),
  });
  let list: React.ReactNode = state;
  if (!state && page) {
    list =
      page.data.emails.length === 0 ? (
        <StatePanel compact kind="empty" title={paging.term ? 'No email matches' : 'No emails yet'}>
          {paging.term ? `Nothing matches “${paging.term}”.` : 'Emails you build in campaigns appear here.'}
        </StatePanel>
      ) : (
        <div
          role="radiogroup"
          aria-label={label}
          className="node-editor__options"
          aria-busy={emails.status === 'loading'}
        >
          {page.data.emails.map((email) => (
            <label
              key={email.email_id}
              className={`node-editor__email${selectedId === email.email_id ? ' node-editor__email--selected' : ''}`}
            >
              <input
                type="radio"
                name={groupName}
                checked={selectedId === email.email_id}
                onChange={() => onChange(email)}
                aria-describedby={`${groupName}-${email.email_id}`}
              />
              <span className="node-editor__email-text">
                <span className="node-editor__email-name">{email.email_name}</span>
                <span className="node-editor__muted" id={`${groupName}-${email.email_id}`}>
                  Subject: {email.subject} · {email.sender_name} &lt;{email.sent_from}&gt; ·{' '}
                  {email.campaign_name ? `${email.campaign_name} · ` : ''}
                  {email.email_platform} · Created {formatWorkflowDate(email.created_on)}
                </span>
              </span>
              <Badge tone={email.design_ready ? 'success' : 'warning'}>
                {email.design_ready ? 'Design ready' : 'Design not ready'}
              </Badge>
            </label>
          ))}
        </div>
      );
  }

  return (
    <div className="node-editor__picker">
      <TextField
        label="Search emails"
        type="search"
        placeholder="Email name or subject"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {list}
      {page && page.total_count > EDITOR_EMAIL_PAGE_SIZE ? (
        <Pagination
          offset={paging.offset}
          limit={EDITOR_EMAIL_PAGE_SIZE}
          total={page.total_count}
          noun="emails"
          disabled={emails.status === 'loading'}
          onChange={(next) => setPaging((current) => ({ ...current, offset: next }))}
        />
      ) : null}
    </div>
  );
}
