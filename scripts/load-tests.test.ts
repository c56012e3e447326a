/**
 * The load runner's verdicts (load-tests/run.mjs, lib/report.mjs): a scenario whose thresholds
 * break fails the run, whatever Artillery's own exit code said. Fixture reports go through
 * load-tests/summarize.mjs (the same code the runner uses) against the real scenarios'
 * thresholds; one real Artillery run of the console scenario against a stub product checks the
 * whole chain: a route answering 500 fails the run, its CI result word and CI's closing line.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const root = resolve(__dirname, '..');
const summarizeScript = join(root, 'load-tests', 'summarize.mjs');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'load-tests-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** An Artillery JSON report's aggregate, as `artillery run --output` writes it. */
function report({
  p95 = 40,
  p99 = 80,
  created = 20,
  failed = 0,
  metric = 'http.response_time',
  requests = 100,
  errors = {} as Record<string, number>,
} = {}) {
  const counters: Record<string, number> = {
    'vusers.created': created,
    'vusers.completed': created - failed,
    'vusers.failed': failed,
    [metric === 'http.response_time' ? 'http.requests' : 'socketio.emit']: requests,
  };
  for (const [name, n] of Object.entries(errors)) counters[`errors.${name}`] = n;
  return {
    aggregate: {
      counters,
      rates: {},
      firstMetricAt: 1_764_000_000_000,
      lastMetricAt: 1_764_000_010_000,
      summaries: {
        [metric]: { min: 1, max: p99 + 1, count: requests, median: 12, p95, p99 },
      },
    },
    intermediate: [],
  };
}

function fixture(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, JSON.stringify(content));
  return file;
}

function summarize(...args: string[]) {
  const run = spawnSync(process.execPath, [summarizeScript, '--smoke', ...args], {
    encoding: 'utf8',
  });
  return { code: run.status, out: run.stdout + run.stderr };
}

describe('load runner verdicts (fixture Artillery reports)', () => {
  it('passes scenarios within their thresholds and prints their table row', () => {
    const { code, out } = summarize(
      `portal=${fixture('portal-ok.json', report())}`,
      `chat=${fixture('chat-ok.json', report({ metric: 'socketio.response_time' }))}@0`,
    );
    expect(code).toBe(0);
    expect(out).toMatch(/^portal\s+100\s+10\.0\s+12\.0\s+40\.0\s+80\.0\s+0\s+pass \(3\)$/m);
    expect(out).toMatch(/^chat\s+100\s+.*pass \(3\)$/m);
  });

  it('fails a scenario whose p99 breaks its threshold even when Artillery exited 0', () => {
    const { code, out } = summarize(
      `portal=${fixture('portal-ok-2.json', report())}`,
      `checkout=${fixture('checkout-slow.json', report({ p95: 900, p99: 7000 }))}@0`,
    );
    expect(code).toBe(1);
    expect(out).toMatch(/^checkout\s+100\s+.*FAIL$/m);
    expect(out).toContain('threshold broken: http.response_time.p99 < 4000 (was 7000)');
  });

  it('fails a scenario with one failed virtual user (an error rate above 0 %)', () => {
    const { code, out } = summarize(
      `funnel=${fixture('funnel-error.json', report({ failed: 1, errors: { ETIMEDOUT: 1 } }))}`,
    );
    expect(code).toBe(1);
    expect(out).toContain('threshold broken: maxErrorRate < 0 (was 5)');
    expect(out).toContain('errors: ETIMEDOUT x1');
  });

  it('fails a scenario with a socket latency over its threshold', () => {
    const slow = report({ metric: 'socketio.response_time', p95: 1200, p99: 1300 });
    const { code, out } = summarize(`chat=${fixture('chat-slow.json', slow)}`);
    expect(code).toBe(1);
    expect(out).toContain('threshold broken: socketio.response_time.p95 < 1000 (was 1200)');
  });

  it('fails a scenario without a report, without requests, or whose Artillery exited non-zero', () => {
    const { code, out } = summarize(
      `console=${join(dir, 'missing.json')}`,
      `portal=${fixture('portal-empty.json', report({ requests: 0 }))}`,
      `funnel=${fixture('funnel-ok.json', report())}@21`,
    );
    expect(code).toBe(1);
    expect(out).toContain('no Artillery report');
    expect(out).toContain('no request was measured');
    expect(out).toContain('artillery exited 21');
    expect(out.match(/FAIL$/gm)).toHaveLength(3);
  });
});

/** A stand-in product: the demo staff log in; every console queue answers `queueStatus`. */
function stubProduct(queueStatus: number): Promise<Server> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const login = req.method === 'POST' && req.url === '/api/login';
      res.writeHead(login ? 200 : queueStatus, { 'content-type': 'application/json' });
      res.end(JSON.stringify(login ? { status: 'success', token: 'stub' } : { status: 'success' }));
    });
  });
  return new Promise((done) => server.listen(0, '127.0.0.1', () => done(server)));
}

/** `npm run load -- --smoke console` against `server`; Artillery's output is kept in `reports`. */
function runLoad(
  server: Server,
  results: string,
  reports: string,
): Promise<{ code: number | null; out: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      [
        join(root, 'load-tests', 'run.mjs'),
        '--target',
        `http://127.0.0.1:${port}`,
        '--smoke',
        '--results',
        results,
        '--reports',
        reports,
        'console',
      ],
      // Artillery prints its analytics events with this set: none may be sent.
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'pipe'],
        env: { ...process.env, ARTILLERY_TELEMETRY_DEBUG: '1' },
      },
    );
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => done({ code, out }));
  });
}

describe('load runner with Artillery (console scenario, stub product)', () => {
  let healthy: Server;
  let broken: Server;
  beforeAll(async () => {
    [healthy, broken] = await Promise.all([stubProduct(200), stubProduct(500)]);
  });
  afterAll(() => {
    healthy.close();
    broken.close();
  });

  it('passes against healthy queues and fails the run when they answer 500', async () => {
    const okFile = join(dir, 'load-ok.txt');
    const failedFile = join(dir, 'load-failed.txt');
    const [ok, failed] = await Promise.all([
      runLoad(healthy, okFile, join(dir, 'reports-ok')),
      runLoad(broken, failedFile, join(dir, 'reports-failed')),
    ]);
    expect({ code: ok.code, words: readFileSync(okFile, 'utf8').trim() }).toEqual({
      code: 0,
      words: 'load:console=passed',
    });
    expect(failed.code).toBe(1);
    expect(readFileSync(failedFile, 'utf8').trim()).toBe('load:console=failed');
    expect(failed.out).toMatch(/^console\s+\d+\s+.*FAIL$/m);
    expect(failed.out).toContain('threshold broken: maxErrorRate');

    // Nothing left the machine: Artillery ran and sent no analytics event.
    for (const reports of ['reports-ok', 'reports-failed']) {
      const artilleryOutput = readFileSync(join(dir, reports, 'console.log'), 'utf8');
      expect(artilleryOutput).toContain('Summary report');
      expect(artilleryOutput).not.toContain('Telemetry data');
    }

    // CI counts the scenario as one failed result.
    const ci = spawnSync(process.execPath, [join(root, 'scripts', 'ci-summary.mjs'), failedFile], {
      encoding: 'utf8',
    });
    expect(ci.stdout.trim().split('\n').at(-1)).toBe('0 passed, 1 failed');
  }, 120_000);
});
