import { useMemo, useState } from 'react';
import type { AnalyticsQuery } from '../../../../domain/analyticsFilterSearch.ts';
import type { TrendsGraph } from '../../../../domain/analyticsTypes.ts';
import type { ZoomLevel } from '../../../../domain/trendZoom.ts';
import { Card } from '../../../ui/Card.tsx';
import { Select } from '../../../ui/Select.tsx';
import { ToggleGroup } from '../../../ui/ToggleGroup.tsx';
import { EmailEventChart } from '../../shared/components/EmailEventChart.tsx';
import { ReportState } from '../../shared/components/ReportState.tsx';
import { useServices } from '../../shared/hooks/ServicesContext.ts';
import { useReport } from '../../shared/hooks/useReport.ts';
import {
  defaultTrendChoice,
  isRate,
  NO_RATE,
  shownZoom,
  type TrendChoice,
  type TrendReport,
  trendChart,
} from '../trendSeries.ts';
import { NothingSentPanel } from './NothingSentPanel.tsx';
import { TrendsTable } from './TrendsTable.tsx';
import { ZOOM_LABELS, ZoomSelect } from './ZoomSelect.tsx';

type View = 'chart' | 'table';
const ALL_ARTICLES = 'all';
const VIEWS = [
  { value: 'chart', label: 'Chart' },
  { value: 'table', label: 'Table' },
] as const;

/** Whether every measure of the report is 0 in every bucket of the level. */
const nothingIn = (report: TrendReport, trends: TrendsGraph, zoom: ZoomLevel) => {
  const level = trends[zoom];
  const keys = [...report.metrics, ...report.rates].map((m) => m.key);
  return !level || keys.every((key) => (level.data[key] ?? []).every((v) => v === 0));
};

/**
 * The chart or the table of a loaded trends report: the chart draws the chosen metric and rate, the
 * table every measure of the report (so the metric and rate choices show with the chart only).
 */
function TrendsView({ report, trends: all }: { report: TrendReport; trends: TrendsGraph }) {
  const [choice, setChoice] = useState<TrendChoice>(() => defaultTrendChoice(report));
  const [view, setView] = useState<View>('chart');
  // Click trends by article: one of the period's most clicked articles instead of every click (no rates:
  // an article's clicks have no deliveries of their own).
  const [articleId, setArticleId] = useState(ALL_ARTICLES);
  const article = all.articles?.find((a) => String(a.article_id) === articleId);
  const trends: TrendsGraph = article ? { ...all, ...article } : all;
  const shownChoice = useMemo(() => (article ? { ...choice, rate: NO_RATE } : choice), [article, choice]);
  const zoom = shownZoom(choice.zoom, trends.levels);
  const level = trends[zoom];
  const chart = useMemo(
    () => (level ? trendChart(report, shownChoice, level) : null),
    [report, shownChoice, level],
  );
  const first = level?.x_axis[0] ?? '';
  const empty = (
    <NothingSentPanel compact title="No activity in this period">
      {report.graph === 'click'
        ? 'Clicks on the links and articles of your emails show here as they happen. Choose a longer period, or send an email.'
        : 'Opens, clicks, bounces and unsubscribes show here as they happen. Choose a longer period, or send an email.'}
    </NothingSentPanel>
  );
  return (
    <>
      <div className="analytics-trends__controls">
        {all.articles && all.articles.length > 0 ? (
          <Select
            label="Article"
            value={articleId}
            options={[
              { value: ALL_ARTICLES, label: 'All links and articles' },
              ...all.articles.map((a) => ({ value: String(a.article_id), label: a.article_title })),
            ]}
            onChange={(event) => setArticleId(event.target.value)}
          />
        ) : null}
        {view === 'chart' ? (
          <>
            <Select
              label="Metric"
              value={choice.metric}
              options={report.metrics.map((m) => ({ value: m.key, label: m.label }))}
              onChange={(event) => setChoice({ ...choice, metric: event.target.value })}
            />
            <Select
              label="Rate"
              value={shownChoice.rate}
              disabled={article !== undefined}
              options={[
                ...report.rates.map((m) => ({ value: m.key, label: m.label })),
                { value: NO_RATE, label: 'No rate' },
              ]}
              onChange={(event) => setChoice({ ...choice, rate: event.target.value })}
            />
          </>
        ) : null}
        <ZoomSelect
          levels={trends.levels}
          value={zoom}
          onChange={(next) => setChoice({ ...choice, zoom: next })}
        />
        <ToggleGroup
          legend="Show the trends as"
          className="analytics-trends__view"
          options={VIEWS}
          value={view}
          onChange={setView}
        />
      </div>
      {!level || !chart || nothingIn(report, trends, zoom) ? (
        empty
      ) : view === 'chart' ? (
        <EmailEventChart
          series={chart.series}
          metrics={chart.metrics}
          level={zoom}
          from={first}
          to={level.x_axis.at(-1) ?? first}
          height={280}
          testId="analytics-trend-chart"
          empty={empty}
        />
      ) : (
        <TrendsTable
          caption={`${report.label}${article ? ` of ${article.article_title}` : ''}, ${ZOOM_LABELS[zoom].toLowerCase()}`}
          level={level}
          zoom={zoom}
          measures={article ? report.metrics : [...report.metrics, ...report.rates]}
          isRate={(key) => isRate(report, key)}
        />
      )}
    </>
  );
}

/**
 * One trends report (email trends or click trends) of the applied filter: a chosen metric (a count) and
 * rate (in percent) per day, week, month, quarter or year, opening at the default zoom level, drawn by
 * the email-event chart (read with the keyboard) or shown as a table of every measure of the report.
 */
export function TrendsReport({ report, query }: { report: TrendReport; query: AnalyticsQuery }) {
  const api = useServices().analyticsApi;
  const trends = useReport(
    (q: AnalyticsQuery, s) => (report.graph === 'click' ? api.clickTrends(q, s) : api.emailTrends(q, s)),
    `analytics-${report.graph}-trends`,
    query,
  );
  return (
    <Card title={report.label} description={report.description} className="analytics-card analytics-trends">
      <ReportState report={trends} what={report.label.toLowerCase()}>
        {(answer) => <TrendsView key={report.tab} report={report} trends={answer.data} />}
      </ReportState>
    </Card>
  );
}
