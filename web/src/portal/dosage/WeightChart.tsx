/**
 * The weight line of the Dosage tab's progress section, drawn by uPlot (about 22 KiB gzipped).
 * Loaded lazily by ProgressSection, so the library downloads when the Dosage tab shows a chart,
 * never with the portal's first load. The canvas is hidden from assistive technology: the
 * section beside it gives the same numbers as text and a table.
 */
import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { WeightEntry } from '@clinic/contracts';
import { dayRange, dayTickLabels, dayTicks } from './chartDays';
import { formatPounds } from './progress';

const HEIGHT = 220;
/** The width of the weight axis, and the room a day's label needs under the line (px). */
const WEIGHT_AXIS = 64;
const DAY_LABEL_ROOM = 72;

/** A design token's value, or the fallback when the page has none (tests, print). */
function token(name: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

export function WeightChart({ weights }: { weights: readonly WeightEntry[] }) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const width = () => Math.max(240, el.clientWidth || 320);
    const line = token('--color-primary', '#0b5c55');
    const muted = token('--color-text-muted', '#52615f');
    const grid = token('--color-border', '#dde5e4');
    const axis = { stroke: muted, grid: { stroke: grid, width: 1 }, ticks: { stroke: grid } };
    const plot = new uPlot(
      {
        width: width(),
        height: HEIGHT,
        legend: { show: false },
        cursor: { drag: { x: false, y: false } },
        scales: {
          // Whole days: weights of one day sit on that day between its neighbours.
          x: { time: true, range: (_u, min, max) => dayRange(min, max) },
          // A few pounds of room above and below the line.
          y: { range: (_u, min, max) => [Math.floor(min - 4), Math.ceil(max + 4)] },
        },
        axes: [
          {
            ...axis,
            // Days as the product writes them ("Nov 27"), never uPlot's hours (":00 :30").
            splits: (u, _axis, min, max) =>
              dayTicks(min, max, (u.width - WEIGHT_AXIS) / DAY_LABEL_ROOM),
            values: (_u, ticks) => dayTickLabels(ticks),
          },
          {
            ...axis,
            size: WEIGHT_AXIS,
            values: (_u, ticks) => ticks.map((t) => formatPounds(t)),
          },
        ],
        series: [
          {},
          {
            label: 'Weight',
            stroke: line,
            width: 2,
            points: { show: true, size: 8, fill: line, stroke: line },
          },
        ],
      },
      [weights.map((w) => Date.parse(w.at) / 1000), weights.map((w) => w.pounds)],
      el,
    );
    const resize =
      typeof ResizeObserver === 'undefined'
        ? null
        : new ResizeObserver(() => plot.setSize({ width: width(), height: HEIGHT }));
    resize?.observe(el);
    return () => {
      resize?.disconnect();
      plot.destroy();
    };
  }, [weights]);

  return <div ref={host} className="progress-chart__plot" aria-hidden="true" />;
}

export default WeightChart;
