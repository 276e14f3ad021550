import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import './line-chart.css';

export interface ChartSeries {
  readonly label: string;
  /** One value per day, in the order of `days`; null where there is none. */
  readonly values: readonly (number | null)[];
  /** The series' colour as a design token (`--c-brand`, `--c-accent`...). */
  readonly colour: `--c-${string}`;
}

export interface LineChartProps {
  readonly title: ReactNode;
  /** The x axis: UTC days as YYYY-MM-DD, oldest first. */
  readonly days: readonly string[];
  readonly series: readonly ChartSeries[];
  /** How a value reads on the axis, in the tooltip legend and in the table. */
  readonly format: (value: number) => string;
  readonly height?: number;
}

const epochSeconds = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

/** Every figure charted is whole (minor units, counts, bytes): ticks never fall between two. */
const WHOLE_STEPS = Array.from({ length: 16 }, (_, power) => 10 ** power).flatMap((step) => [
  step,
  2 * step,
  5 * step,
]);

function tokenColour(element: HTMLElement, token: string): string {
  return getComputedStyle(element).getPropertyValue(token).trim() || 'currentColor';
}

/**
 * A daily line chart drawn by uPlot, which is fetched only when a chart is first shown (it is in
 * neither the member pages' nor the console's first JavaScript). The figures are also a table under
 * "Show as table", for screen readers and for copying.
 */
export function LineChart({ title, days, series, format, height = 220 }: LineChartProps) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const { t } = useLingui();
  const dayLabel = t`Day`;

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let disposed = false;
    let destroy = () => {};
    import('uplot')
      .then(async ({ default: UPlot }) => {
        await import('uplot/dist/uPlot.min.css');
        if (disposed) return;
        const ink = tokenColour(element, '--c-ink-3');
        const grid = tokenColour(element, '--c-line');
        const axis = { stroke: ink, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
        const chart = new UPlot(
          {
            width: element.clientWidth,
            height,
            scales: {
              x: { time: true },
              y: { range: (_u, min, max) => [Math.min(0, min), max || 1] },
            },
            series: [
              {
                label: dayLabel,
                value: (_u: unknown, seconds: number | null) =>
                  seconds === null ? '—' : new Date(seconds * 1000).toISOString().slice(0, 10),
              },
              ...series.map((line) => ({
                label: line.label,
                stroke: tokenColour(element, line.colour),
                width: 2,
                value: (_u: unknown, value: number | null) =>
                  value === null ? '—' : format(value),
              })),
            ],
            axes: [
              axis,
              { ...axis, size: 80, incrs: WHOLE_STEPS, values: (_u, ticks) => ticks.map(format) },
            ],
            tzDate: (seconds) => UPlot.tzDate(new Date(seconds * 1000), 'Etc/UTC'),
          },
          [days.map(epochSeconds), ...series.map((line) => [...line.values])],
          element,
        );
        const resize = new ResizeObserver(() =>
          chart.setSize({ width: element.clientWidth, height }),
        );
        resize.observe(element);
        destroy = () => {
          resize.disconnect();
          chart.destroy();
        };
      })
      .catch(() => {
        if (!disposed) setFailed(true);
      });
    return () => {
      disposed = true;
      destroy();
    };
  }, [days, series, format, height, dayLabel]);

  return (
    <figure className="line-chart">
      <figcaption className="line-chart__title">{title}</figcaption>
      {failed ? (
        <p className="console-muted" role="status">
          <Trans>The chart could not be drawn; the figures are in the table below.</Trans>
        </p>
      ) : (
        <div
          ref={box}
          className="line-chart__plot"
          style={{ minHeight: height }}
          aria-hidden="true"
        />
      )}
      <details className="line-chart__table">
        <summary>
          <Trans>Show as table</Trans>
        </summary>
        <div className="line-chart__scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">
                  <Trans>Day</Trans>
                </th>
                {series.map((line) => (
                  <th scope="col" key={line.label}>
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day, index) => (
                <tr key={day}>
                  <th scope="row">{day}</th>
                  {series.map((line) => {
                    const value = line.values[index] ?? null;
                    return <td key={line.label}>{value === null ? '—' : format(value)}</td>;
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
