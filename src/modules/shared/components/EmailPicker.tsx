import { Link } from '@tanstack/react-router';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { formatDate } from '../../../../domain/formatDate.ts';
import { normaliseSearchTerm } from '../../../../domain/normaliseSearchTerm.ts';
import type { EmailVersion, WorkflowAnswers } from '../../../../domain/workflowTypes.ts';
import type { UserEmailsQuery } from '../../../api/workflowApi.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { Badge } from '../../../ui/Badge.tsx';
import { Pagination } from '../../../ui/Pagination.tsx';
import { RadioCard } from '../../../ui/Radio.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useDebouncedValue } from '../hooks/useDebouncedValue.ts';
import { type LoadRun, useLoad } from '../hooks/useLoad.ts';
import { optionsState } from './optionsState.tsx';
import { PICKER_CLASSES, type PickerVariant } from './pickerClasses.ts';

type Props = {
  /** The chosen email's id (null: none yet). */
  selectedId: number | null;
  onChange: (email: EmailVersion) => void;
  /** get_user_emails/ (the create screen's api or the node editors'). */
  loadEmails: LoadRun<UserEmailsQuery, WorkflowAnswers['get_user_emails']>;
  /** The load's name in the session log ("load:<name>"). */
  loadName: string;
  /** Emails a page (10 on the create screen, 8 in the side panel). */
  pageSize: number;
  variant: PickerVariant;
  /** The group's accessible name. */
  label?: string;
};

/**
 * The email picker of the create screen and of the node editors: searchable (300 ms debounce), paged and
 * cancellable (a newer search or page supersedes the request in flight). Each option shows the email
 * version's fields (spec 01 section 3) and whether its design is ready (a send-email step with an email
 * not design-ready cannot be published).
 */
export function EmailPicker({
  selectedId,
  onChange,
  loadEmails,
  loadName,
  pageSize,
  variant,
  label = 'Emails',
}: Props) {
  const classes = PICKER_CLASSES[variant];
  const groupName = useId();
  const [text, setText] = useState('');
  const term = normaliseSearchTerm(useDebouncedValue(text)).term;
  const [paging, setPaging] = useState({ term: '', offset: 0 });
  const emails = useLoad(loadEmails, loadName);
  const { load } = emails;
  // A settled search term starts again from the first page.
  useEffect(() => setPaging((current) => (current.term === term ? current : { term, offset: 0 })), [term]);
  const query = { offset: paging.offset, limit: pageSize, searchTerm: paging.term };
  // biome-ignore lint/correctness/useExhaustiveDependencies: the query follows paging
  useEffect(() => load(query), [paging, load]);

  const page = emails.data;
  const loading = emails.status === 'loading';
  const state = optionsState({
    status: emails.status,
    hasData: page !== null,
    error: emails.error,
    noun: 'emails',
    determiner: classes.determiner,
    onRetry: () => load(query),
  });
  let list: ReactNode = state;
  if (!state && page) {
    list =
      page.data.emails.length === 0 ? (
        <StatePanel compact kind="empty" title={paging.term ? 'No email matches' : 'No emails yet'}>
          {paging.term ? (
            `Nothing matches “${paging.term}”.`
          ) : (
            <>
              Emails are made in <Link {...areaLinks.campaigns}>Campaigns</Link>: the emails you make there
              will appear here.
            </>
          )}
        </StatePanel>
      ) : (
        <div role="radiogroup" aria-label={label} className={classes.options} aria-busy={loading}>
          {page.data.emails.map((email) => {
            const id = `${groupName}-${email.email_id}`;
            return (
              <RadioCard
                key={email.email_id}
                className={`${classes.email}${selectedId === email.email_id ? ` ${classes.email}--selected` : ''}`}
                inputClassName={classes.input}
                name={groupName}
                checked={selectedId === email.email_id}
                onChange={() => onChange(email)}
                aria-labelledby={variant === 'automation' ? id : undefined}
                aria-describedby={variant === 'automation' ? `${id}-more` : id}
              >
                {variant === 'automation' ? <AutomationEmail email={email} id={id} /> : null}
                {variant === 'node-editor' ? <NodeEditorEmail email={email} id={id} /> : null}
              </RadioCard>
            );
          })}
        </div>
      );
  }

  return (
    <div className={classes.picker}>
      <TextField
        label="Search emails"
        type="search"
        placeholder="Email name or subject"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {variant === 'automation' && page?.internal_user ? (
        <p className="automation-muted">You see internal emails too, as an internal user.</p>
      ) : null}
      {list}
      {page && page.total_count > pageSize ? (
        <Pagination
          offset={paging.offset}
          limit={pageSize}
          total={page.total_count}
          noun="emails"
          disabled={loading}
          onChange={(next) => setPaging((current) => ({ ...current, offset: next }))}
        />
      ) : null}
    </div>
  );
}

type OptionProps = { email: EmailVersion; id: string };

function DesignBadge({ email }: { email: EmailVersion }) {
  return (
    <Badge tone={email.design_ready ? 'success' : 'warning'}>
      {email.design_ready ? 'Design ready' : 'Design not ready'}
    </Badge>
  );
}

/** The create screen's option: thumbnail, name, subject, sender and date, design and platform badges. */
function AutomationEmail({ email, id }: OptionProps) {
  return (
    <>
      <span className="automation-email__thumb" aria-hidden="true">
        {email.thumbnail ? <img src={email.thumbnail} alt="" loading="lazy" /> : <span>✉</span>}
      </span>
      <span className="automation-email__text" id={`${id}-more`}>
        <span className="automation-email__name" id={id}>
          {email.email_name}
        </span>
        <span className="automation-email__subject">Subject: {email.subject}</span>
        <span className="automation-muted">
          {email.campaign_name ? `${email.campaign_name} · ` : ''}
          {email.sender_name} &lt;{email.sent_from}&gt; · Created {formatDate(email.created_on)}
        </span>
      </span>
      <span className="automation-email__badges">
        <DesignBadge email={email} />
        <Badge tone="info">{email.email_platform}</Badge>
      </span>
    </>
  );
}

/** The side panel's compact option: name, one muted line of the fields, the design badge. */
function NodeEditorEmail({ email, id }: OptionProps) {
  return (
    <>
      <span className="node-editor__email-text">
        <span className="node-editor__email-name">{email.email_name}</span>
        <span className="node-editor__muted" id={id}>
          Subject: {email.subject} · {email.sender_name} &lt;{email.sent_from}&gt; ·{' '}
          {email.campaign_name ? `${email.campaign_name} · ` : ''}
          {email.email_platform} · Created {formatDate(email.created_on)}
        </span>
      </span>
      <DesignBadge email={email} />
    </>
  );
}
