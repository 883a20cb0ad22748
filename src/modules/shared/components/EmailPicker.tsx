import { Link } from '@tanstack/react-router';
import { formatDate } from '../../../../domain/formatDate.ts';
import type { EmailVersion, WorkflowAnswers } from '../../../../domain/workflowTypes.ts';
import type { UserEmailsQuery } from '../../../api/workflowApi.ts';
import { areaLinks } from '../../../router/routeTable.ts';
import { Badge } from '../../../ui/Badge.tsx';
import type { LoadRun } from '../hooks/useLoad.ts';
import { usePagedList } from '../hooks/usePagedList.ts';
import type { OptionContent, PickerVariant } from './OptionList.tsx';
import { OptionPicker } from './OptionPicker.tsx';

type EmailsAnswer = WorkflowAnswers['get_user_emails'];

type Props = {
  /** The chosen email's id (null: none yet). */
  selectedId: number | null;
  onChange: (email: EmailVersion) => void;
  /** get_user_emails/ (the create screen's api or the node editors'). */
  loadEmails: LoadRun<UserEmailsQuery, EmailsAnswer>;
  /** The load's name in the session log ("load:<name>"). */
  loadName: string;
  /** Emails a page (default 10). */
  pageSize?: number;
  variant: PickerVariant;
  /** The group's accessible name. */
  label?: string;
};

/**
 * The email picker of the create screen and of the node editors: a picker of emails, searched by name or
 * subject. Each option shows the email version's fields and whether its design is
 * ready (a send-email step with an email not design-ready cannot be published).
 */
export function EmailPicker({
  selectedId,
  onChange,
  loadEmails,
  loadName,
  pageSize = 10,
  variant,
  label = 'Emails',
}: Props) {
  const list = usePagedList({
    mode: 'local',
    name: loadName,
    pageSize,
    load: (query, signal) =>
      loadEmails({ offset: query.offset, limit: query.limit, searchTerm: query.q }, signal),
    rowsOf: (answer: EmailsAnswer) => answer.data.emails,
    totalOf: (answer) => answer.total_count,
    rowKey: (email: EmailVersion) => email.email_id,
  });
  return (
    <OptionPicker
      choose="one"
      list={list}
      rowKey={(email) => email.email_id}
      variant={variant}
      noun={['email', 'emails']}
      label={label}
      searchLabel="Search emails"
      searchPlaceholder="Email name or subject"
      note={
        variant === 'cards' && list.latest?.internal_user ? (
          <p className="option-picker__more">You see internal emails too, as an internal user.</p>
        ) : null
      }
      emptyText={
        <>
          Emails are made in <Link {...areaLinks.campaigns}>Campaigns</Link>: the emails you make there will
          appear here.
        </>
      }
      selectedKey={selectedId}
      onChoose={onChange}
      render={variant === 'cards' ? cardOption : compactOption}
    />
  );
}

function DesignBadge({ email }: { email: EmailVersion }) {
  return (
    <Badge tone={email.design_ready ? 'success' : 'warning'}>
      {email.design_ready ? 'Design ready' : 'Design not ready'}
    </Badge>
  );
}

/** The create screen's option: thumbnail, name, subject, sender and date, design and platform badges. */
function cardOption(email: EmailVersion): OptionContent {
  return {
    lead: (
      <span className="email-option__thumb" aria-hidden="true">
        {email.thumbnail ? <img src={email.thumbnail} alt="" loading="lazy" /> : <span>✉</span>}
      </span>
    ),
    name: email.email_name,
    more: (
      <>
        <span className="option-picker__line">Subject: {email.subject}</span>
        <span className="option-picker__line">
          {email.campaign_name ? `${email.campaign_name} · ` : ''}
          {email.sender_name} &lt;{email.sent_from}&gt; · Created {formatDate(email.created_on)}
        </span>
      </>
    ),
    aside: (
      <>
        <DesignBadge email={email} />
        <Badge tone="info">{email.email_platform}</Badge>
      </>
    ),
  };
}

/** The side panel's compact option: name, one muted line of the fields, the design badge. */
function compactOption(email: EmailVersion): OptionContent {
  return {
    name: email.email_name,
    more: (
      <>
        Subject: {email.subject} · {email.sender_name} &lt;{email.sent_from}&gt; ·{' '}
        {email.campaign_name ? `${email.campaign_name} · ` : ''}
        {email.email_platform} · Created {formatDate(email.created_on)}
      </>
    ),
    aside: <DesignBadge email={email} />,
  };
}
