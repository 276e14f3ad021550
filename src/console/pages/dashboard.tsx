import { useMemo, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  DASHBOARD_RANGES,
  type DashboardDay,
  type DashboardFigures,
} from '../../../contract/endpoints/console';
import { Detail } from '../../components/ui/detail';
import { TitledCard } from '../../components/titled-card';
import { formatBytes, formatCount, formatMoney } from '../../i18n/intl-format';
import { dashboardQuery, dashboardSeriesQuery } from '../api/console-queries';
import { LineChart, type ChartSeries } from '../charts/line-chart';
import { ReadFailure } from '../console-table';

type Range = (typeof DASHBOARD_RANGES)[number];
const CURRENCIES = ['CNY', 'USD'] as const;

/** A chart's count format, one function for the page's life: the chart is drawn again when it changes. */
const wholeCount = (value: number) => formatCount(Math.round(value));

function Change({ percent }: { percent: number | null }) {
  if (percent === null) return <span className="console-muted">—</span>;
  const sign = percent > 0 ? '+' : '';
  return (
    <span className={percent < 0 ? 'console-change console-change--down' : 'console-change'}>
      {sign}
      {percent.toFixed(1)}%
    </span>
  );
}

function Figure({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <Detail term={term}>{children}</Detail>
    </div>
  );
}

function Figures({ figures }: { figures: DashboardFigures }) {
  const { i18n } = useLingui();
  const money = (amount: number, currency: 'CNY' | 'USD') =>
    formatMoney(i18n.locale, { amount, currency });
  const perCurrency = (amounts: Record<'CNY' | 'USD', number>) =>
    CURRENCIES.map((currency) => <div key={currency}>{money(amounts[currency], currency)}</div>);
  // The money figures are in the answer only for owner and finance (`dashboard.money`): what the
  // answer leaves out is not shown, neither as a card nor as an empty figure.
  const { revenue, refunds, payoutsDue } = figures;
  return (
    <>
      {revenue && refunds ? (
        <TitledCard look="console-panel" title={<Trans>Revenue</Trans>}>
          <dl className="console-facts">
            <Figure term={<Trans>Today</Trans>}>{perCurrency(revenue.today)}</Figure>
            <Figure term={<Trans>This month</Trans>}>
              {CURRENCIES.map((currency) => (
                <div key={currency}>
                  {money(revenue.thisMonth[currency], currency)}{' '}
                  <Change percent={revenue.changePercent[currency]} />
                </div>
              ))}
            </Figure>
            <Figure term={<Trans>Last month</Trans>}>{perCurrency(revenue.lastMonth)}</Figure>
            <Figure term={<Trans>Refunds this month</Trans>}>
              {perCurrency(refunds.thisMonth)}
            </Figure>
          </dl>
          <p className="console-muted">
            <Trans>
              The change compares this month so far with last month up to the same day. Currencies
              are never added together.
            </Trans>
          </p>
        </TitledCard>
      ) : null}
      <TitledCard look="console-panel" title={<Trans>Members and service</Trans>}>
        <dl className="console-facts">
          <Figure term={<Trans>Registrations</Trans>}>
            <Trans>
              {formatCount(figures.registrations.today)} today,{' '}
              {formatCount(figures.registrations.thisMonth)} this month,{' '}
              {formatCount(figures.registrations.lastMonth)} last month
            </Trans>
          </Figure>
          <Figure term={<Trans>Active members</Trans>}>{formatCount(figures.activeMembers)}</Figure>
          <Figure term={<Trans>Paying members</Trans>}>{formatCount(figures.payingMembers)}</Figure>
          <Figure term={<Trans>Online devices</Trans>}>{formatCount(figures.onlineDevices)}</Figure>
          <Figure term={<Trans>Traffic this month</Trans>}>
            {formatBytes(figures.trafficThisMonth)}
          </Figure>
          <Figure term={<Trans>Nodes online</Trans>}>
            <Trans>
              {formatCount(figures.nodes.online)} of {formatCount(figures.nodes.enabled)}
            </Trans>
          </Figure>
          <Figure term={<Trans>Open payment flags</Trans>}>
            {formatCount(figures.openPaymentFlags)}
          </Figure>
          {payoutsDue ? (
            <Figure term={<Trans>Payouts due</Trans>}>
              <Trans>
                {formatCount(payoutsDue.count)} ({money(payoutsDue.cents, 'USD')})
              </Trans>
            </Figure>
          ) : null}
        </dl>
      </TitledCard>
    </>
  );
}

function Charts({ days }: { days: readonly DashboardDay[] }) {
  const { t, i18n } = useLingui();
  const charts = useMemo(() => {
    const dates = days.map((day) => day.date);
    const line = (
      label: string,
      colour: ChartSeries['colour'],
      pick: (day: DashboardDay) => number,
    ) => [{ label, colour, values: days.map(pick) }];
    const moneyIn = (currency: 'CNY' | 'USD') => (amount: number) =>
      formatMoney(i18n.locale, { amount: Math.round(amount), currency });
    return {
      dates,
      // Revenue per day only for owner and finance (`dashboard.money`), as the answer has it.
      revenue: days.every((day) => day.revenue !== undefined),
      cny: line('CNY', '--c-brand', (day) => day.revenue?.CNY ?? 0),
      usd: line('USD', '--c-accent', (day) => day.revenue?.USD ?? 0),
      registrations: line(t`Registrations`, '--c-brand', (day) => day.registrations),
      active: line(t`Active members`, '--c-ok', (day) => day.activeMembers),
      traffic: line(t`Traffic`, '--c-accent', (day) => day.trafficBytes),
      cnyFormat: moneyIn('CNY'),
      usdFormat: moneyIn('USD'),
    };
  }, [days, t, i18n.locale]);
  return (
    <div className="console-charts">
      {charts.revenue ? (
        <>
          <LineChart
            title={<Trans>Revenue (CNY)</Trans>}
            days={charts.dates}
            series={charts.cny}
            format={charts.cnyFormat}
          />
          <LineChart
            title={<Trans>Revenue (USD)</Trans>}
            days={charts.dates}
            series={charts.usd}
            format={charts.usdFormat}
          />
        </>
      ) : null}
      <LineChart
        title={<Trans>Registrations</Trans>}
        days={charts.dates}
        series={charts.registrations}
        format={wholeCount}
      />
      <LineChart
        title={<Trans>Active members</Trans>}
        days={charts.dates}
        series={charts.active}
        format={wholeCount}
      />
      <LineChart
        title={<Trans>Traffic</Trans>}
        days={charts.dates}
        series={charts.traffic}
        format={formatBytes}
      />
    </div>
  );
}

/**
 * The dashboard on the console's overview (issue 21, item 4): today's and this month's figures, and
 * daily charts over 30 or 90 days. Every role may read it; the money (revenue, refunds, payouts
 * due, the revenue charts) only owner and finance, whose answer alone carries it.
 */
export function Dashboard() {
  const { t } = useLingui();
  const [range, setRange] = useState<Range>(30);
  const figures = useQuery(dashboardQuery);
  const series = useQuery(dashboardSeriesQuery(range));
  return (
    <>
      {figures.isError ? <ReadFailure query={figures} /> : null}
      {figures.data ? <Figures figures={figures.data} /> : null}
      <TitledCard look="console-panel" title={<Trans>Over time</Trans>}>
        <div
          className="console-range"
          role="group"
          aria-label={t({ message: 'Period', context: 'a chart' })}
        >
          {DASHBOARD_RANGES.map((days) => (
            <button
              key={days}
              type="button"
              className="btn btn-secondary btn-small"
              aria-pressed={range === days}
              onClick={() => setRange(days)}
            >
              <Trans>Last {days} days</Trans>
            </button>
          ))}
        </div>
        {series.isError ? <ReadFailure query={series} /> : null}
        {series.data ? <Charts days={series.data.days} /> : null}
      </TitledCard>
    </>
  );
}
