import { useMemo, useState } from 'react';
import {
  type AnalyticsFilterSet,
  type FilterEvent,
  NO_EMAIL_CHOICE,
} from '../../../../domain/analyticsFilter.ts';
import { analyticsQueryOf } from '../../../../domain/analyticsFilterSearch.ts';
import { DATE_OPTIONS, type DateOption, localToday } from '../../../../domain/analyticsPeriod.ts';
import { countOf } from '../../../../domain/countOf.ts';
import { Button } from '../../../ui/Button.tsx';
import { Checkbox } from '../../../ui/Checkbox.tsx';
import { Dialog } from '../../../ui/Dialog.tsx';
import { Select } from '../../../ui/Select.tsx';
import { Tabs } from '../../../ui/Tabs.tsx';
import { TextField } from '../../../ui/TextField.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { ChoiceField } from './ChoiceField.tsx';
import { EmailChoiceField } from './EmailChoiceField.tsx';

type Props = {
  open: boolean;
  selected: AnalyticsFilterSet;
  send: (event: FilterEvent) => void;
  onClose: () => void;
};

const matching = <T extends { name: string }>(rows: T[], q: string) =>
  rows.filter((row) => row.name.toLowerCase().includes(q.toLowerCase()));

/**
 * The analytics filter: the period (the date options, Custom with its two days), campaigns or workflows
 * (choosing workflows clears the campaigns), emails and test sends. It edits the selected filter; Apply
 * makes it the reports' filter, Cancel drops the edits.
 */
export function AnalyticsFilterDialog({ open, selected, send, onClose }: Props) {
  const { analyticsApi } = useServices();
  const today = useMemo(() => localToday(), []);
  // The emails offered: those of the period, campaigns or workflows and test flag being chosen.
  const emailScope = useMemo(
    () => analyticsQueryOf({ ...selected, emails: NO_EMAIL_CHOICE }, today),
    [selected, today],
  );
  const [tab, setTab] = useState('campaigns');
  const cancel = () => {
    send({ type: 'unset' });
    onClose();
  };
  const workflows = selected.workflowIds.length;
  return (
    <Dialog
      open={open}
      onClose={cancel}
      size="lg"
      title="Filter analytics"
      description="Choose what the reports count. Nothing changes until you apply."
      footer={
        <>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
          <Button
            onClick={() => {
              send({ type: 'apply' });
              onClose();
            }}
          >
            Apply filter
          </Button>
        </>
      }
    >
      <div className="analytics-filter">
        <div className="analytics-filter__period">
          <Select
            label="Period"
            value={selected.option}
            options={DATE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
            onChange={(event) => send({ type: 'period', option: event.target.value as DateOption })}
          />
          {selected.option === 'custom' ? (
            <>
              <TextField
                label="From"
                type="date"
                value={selected.customStart ?? ''}
                onChange={(event) =>
                  send({ type: 'customRange', start: event.target.value || null, end: selected.customEnd })
                }
              />
              <TextField
                label="To"
                type="date"
                value={selected.customEnd ?? ''}
                onChange={(event) =>
                  send({ type: 'customRange', start: selected.customStart, end: event.target.value || null })
                }
              />
            </>
          ) : null}
          <Checkbox
            label="Test sends only"
            checked={selected.testEmails}
            onChange={(event) => send({ type: 'testEmails', on: event.target.checked })}
          />
        </div>
        <Tabs
          label="What to count"
          selectedId={tab}
          onSelect={setTab}
          tabs={[
            {
              id: 'campaigns',
              label:
                selected.campaignIds.length > 0 ? `Campaigns (${selected.campaignIds.length})` : 'Campaigns',
              content: (
                <ChoiceField
                  legend="Campaigns"
                  noun={['campaign', 'campaigns']}
                  name="analytics-filter-campaigns"
                  ids={selected.campaignIds}
                  onChange={(ids) => send({ type: 'campaigns', ids })}
                  emptyText="Campaigns appear here once you create one."
                  load={async (query, signal) => {
                    const { campaigns } = (await analyticsApi.campaignWorkflowDropdown(signal)).data;
                    // The fixed pseudo campaigns (share profile, daily IQ, weekly insights) are not offered.
                    const rows = matching(
                      campaigns
                        .filter((c) => c.share_type === null)
                        .map((c) => ({ id: c.campaign_id, name: c.campaign_name })),
                      query.q,
                    );
                    return {
                      total_count: rows.length,
                      data: rows.slice(query.offset, query.offset + query.limit),
                    };
                  }}
                />
              ),
            },
            {
              id: 'workflows',
              label: workflows > 0 ? `Workflows (${workflows})` : 'Workflows',
              content: (
                <>
                  <p className="analytics-filter__note">
                    {workflows > 0
                      ? `Counting the sends of ${countOf(workflows, 'workflow', 'workflows')}, not campaigns.`
                      : 'Choosing workflows counts their sends instead of campaigns.'}
                  </p>
                  <ChoiceField
                    legend="Workflows"
                    noun={['workflow', 'workflows']}
                    name="analytics-filter-workflows"
                    ids={selected.workflowIds}
                    onChange={(ids) => send({ type: 'workflows', ids })}
                    emptyText="Workflows appear here once you create one in Automation."
                    load={async (query, signal) => {
                      const answer = await analyticsApi.dashboardWorkflows(
                        { offset: query.offset, limit: query.limit, search: query.q },
                        signal,
                      );
                      return {
                        total_count: answer.total_count,
                        data: answer.data.map((w) => ({ id: w.id, name: w.name })),
                      };
                    }}
                  />
                </>
              ),
            },
            {
              id: 'emails',
              label: 'Emails',
              content: <EmailChoiceField choice={selected.emails} send={send} scope={emailScope} />,
            },
          ]}
        />
      </div>
    </Dialog>
  );
}
