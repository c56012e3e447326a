// The per-route benchmark's table: one row per route, mode and concurrency, the route's req/s and
// p99 beside the bare Express baseline's from the same run, and their ratios.

const fmt = {
  rps: (n) => n.toFixed(1),
  ms: (n) => n.toFixed(1),
  ratio: (n) =>
    n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n >= 1 ? n.toFixed(2) : n.toFixed(3),
};

const columns = [
  ['route', 18, 'left'],
  ['mode', 7, 'left'],
  ['conc', 4],
  ['req/s', 8],
  ['p99 ms', 8],
  ['baseline req/s', 14],
  ['baseline p99 ms', 15],
  ['req/s ratio', 11],
  ['p99 ratio', 9],
];

const line = (cells) =>
  '| ' +
  cells
    .map((c, i) =>
      columns[i][2] === 'left'
        ? String(c).padEnd(columns[i][1])
        : String(c).padStart(columns[i][1]),
    )
    .join(' | ') +
  ' |';

/**
 * A Markdown table (header, separator, then a line per row) of rows
 * `{ route, mode, level, measured, baseline }`, where measured and baseline are summarize()'s
 * results. The req/s ratio is route / baseline (under 1: slower than bare Express), the p99 ratio
 * likewise (over 1: slower).
 */
export function routeTable(rows) {
  const header = line(columns.map(([name]) => name));
  const separator =
    '|' +
    columns
      .map(
        ([, width, align]) =>
          (align === 'left' ? ':' : '-').padEnd(width + 1, '-') + (align === 'left' ? '-' : ':'),
      )
      .join('|') +
    '|';
  return [
    header,
    separator,
    ...rows.map(({ route, mode, level, measured: m, baseline: b }) =>
      line([
        route,
        mode,
        level,
        fmt.rps(m.rps),
        fmt.ms(m.p99),
        fmt.rps(b.rps),
        fmt.ms(b.p99),
        fmt.ratio(m.rps / b.rps),
        fmt.ratio(m.p99 / b.p99),
      ]),
    ),
  ].join('\n');
}

/** The median of a non-empty list of numbers (the mean of the middle two for an even count). */
export function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}
