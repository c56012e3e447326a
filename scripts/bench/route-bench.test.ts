/**
 * The per-route benchmark's shared pieces (scripts/bench/*.mjs), run in a node child process as
 * the scripts run them: the prepared-request load loop counts every answer other than 2xx as an
 * error (the benchmark's only verdict), and the table's ratios and the cold start's median.
 */
import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';

const bench = resolve(__dirname);

function runModule(code: string): unknown {
  const out = spawnSync(process.execPath, ['--input-type=module', '-e', code], {
    cwd: bench,
    encoding: 'utf8',
    timeout: 30000,
  });
  if (out.status !== 0) throw new Error(out.stderr);
  return JSON.parse(out.stdout);
}

test('runPrepared sends each prepared body and counts non-2xx answers as errors', () => {
  const result = runModule(`
    import http from 'node:http';
    import { runPrepared, summarize } from './closed-loop.mjs';
    import { jsonRequest } from './checkout-requests.mjs';
    const seen = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        const { n } = JSON.parse(body);
        seen.push(n);
        res.writeHead(n % 4 === 0 ? 503 : 200, { 'content-type': 'application/json' });
        res.end('{"ok":true}');
      });
    });
    server.listen(0, '127.0.0.1', async () => {
      const url = 'http://127.0.0.1:' + server.address().port + '/api/intake-form';
      const requests = Array.from({ length: 12 }, (_, n) => jsonRequest({ n }));
      const r = summarize([await runPrepared(url, 'POST', 3, requests)]);
      server.close();
      console.log(JSON.stringify({
        count: r.count, errors: r.errors, statuses: Object.fromEntries(r.statuses),
        seen: seen.sort((a, b) => a - b), sample: r.samples[0], positive: r.rps > 0 && r.p99 > 0,
      }));
    });
  `);
  expect(result).toEqual({
    count: 12,
    errors: 3,
    statuses: { 'HTTP 200': 9, 'HTTP 503': 3 },
    seen: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    sample: 'HTTP 503: {"ok":true}',
    positive: true,
  });
});

test('the table puts each route beside its baseline with both ratios; median of cold starts', () => {
  const result = runModule(`
    import { median, routeTable } from './route-table.mjs';
    const table = routeTable([
      { route: 'order-items', mode: 'cluster', level: 16,
        measured: { rps: 250, p99: 80 }, baseline: { rps: 2000, p99: 10 } },
    ]);
    console.log(JSON.stringify({ table: table.split('\\n'), odd: median([9, 3, 5]), even: median([4, 1, 3, 2]) }));
  `) as { table: string[]; odd: number; even: number };
  expect(result.table[0]).toMatch(
    /^\| route +\| mode +\| conc \| +req\/s \| +p99 ms \| baseline req\/s \| baseline p99 ms \| req\/s ratio \| p99 ratio \|$/,
  );
  expect(result.table[2].split('|').map((c) => c.trim())).toEqual([
    '',
    'order-items',
    'cluster',
    '16',
    '250.0',
    '80.0',
    '2000.0',
    '10.0',
    '0.125',
    '8.00',
    '',
  ]);
  expect(result.odd).toBe(5);
  expect(result.even).toBe(2.5);
});
