import type { EmailChoice, EmailOption, FilterEvent } from '../../../../domain/analyticsFilter.ts';
import { emailChoiceSummary, emailChosen } from '../../../../domain/analyticsFilter.ts';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import type { AnalyticsDropdownEmail } from '../../../../domain/analyticsTypes.ts';
import { Button } from '../../../ui/Button.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { StatePanel } from '../../../ui/StatePanel.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { ListPager } from '../../shared/components/ListPager.tsx';
import { optionsState } from '../../shared/components/optionsState.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { countedRows, usePagedList } from '../../shared/hooks/usePagedList.ts';

/** Emails a page in the filter (a dialog's list). */
const EMAILS_PAGE_SIZE = 10;

const optionOf = (email: AnalyticsDropdownEmail): EmailOption => ({
  id: email.email_id,
  name: email.email_name,
  subject: email.email_subject,
});

type Props = {
  choice: EmailChoice;
  send: (event: FilterEvent) => void;
  /** The period, campaigns or workflows and test flag being chosen: the emails sent there are offered. */
  scope: AnalyticsQuery;
};

/**
 * The emails of the filter, those the chosen campaigns or workflows sent in the chosen period: a search
 * (name or subject), Select all and Clear all (every email without a search; the search's results with
 * one), and each email's box, checked as the choice's rules say.
 */
export function EmailChoiceField({ choice, send, scope }: Props) {
  const { analyticsApi } = useServices();
  const list = usePagedList({
    mode: 'local',
    name: 'analytics-filter-emails',
    pageSize: EMAILS_PAGE_SIZE,
    key: JSON.stringify(scope),
    load: (query, signal) =>
      analyticsApi.emailsDropdown(
        { ...scope, offset: query.offset, limit: query.limit, search: query.q },
        signal,
      ),
    ...countedRows((email: AnalyticsDropdownEmail) => email.email_id),
  });
  const term = list.query.q;
  const shown = list.rows.map(optionOf);
  const state = optionsState({
    status: list.appending ? 'success' : list.status,
    hasData: list.latest !== null,
    error: list.error,
    noun: 'emails',
    onRetry: list.retry,
  });
  return (
    <fieldset className="analytics-emails">
      <legend className="analytics-emails__legend">Emails</legend>
      <p className="analytics-emails__summary" aria-live="polite">
        {emailChoiceSummary(choice)}
      </p>
      <TextField
        label="Search emails"
        type="search"
        placeholder="Name or subject"
        value={list.searchText}
        autoComplete="off"
        onChange={(event) => list.setSearchText(event.target.value)}
      />
      <div className="analytics-emails__bulk">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => send({ type: 'selectAllEmails', term, shown })}
          disabled={term !== '' && shown.length === 0}
        >
          {term ? `Select all matching “${term}”` : 'Select all'}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          onClick={() => send({ type: 'clearAllEmails', term, shown })}
          disabled={term !== '' && shown.length === 0}
        >
          {term ? `Clear all matching “${term}”` : 'Clear all'}
        </Button>
      </div>
      {state ??
        (shown.length === 0 ? (
          <StatePanel compact kind="empty" title={term ? 'No email matches' : 'No emails sent'}>
            {term ? `Nothing matches “${term}”.` : 'No email of these campaigns was sent in this period.'}
          </StatePanel>
        ) : (
          <ul className="analytics-emails__list" aria-label="Emails to count">
            {shown.map((email) => {
              const on = emailChosen(choice, email);
              return (
                <li key={email.id}>
                  <Checkbox
                    label={email.name}
                    checked={on}
                    onChange={() => send({ type: 'email', email, on: !on })}
                  />
                </li>
              );
            })}
          </ul>
        ))}
      <ListPager list={list} noun={['email', 'emails']} />
    </fieldset>
  );
}
