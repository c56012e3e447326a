/**
 * The closing line of CI ("N passed, N failed"), fed fixture reports. The Playwright fixtures
 * are what Playwright's json reporter wrote when a global setup threw and when the web server's
 * process exited, trimmed to the fields the summary reads: both runs pass and fail no test.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

const script = resolve(__dirname, 'ci-summary.mjs');
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'ci-summary-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function fixture(name: string, content: unknown): string {
  const file = join(dir, name);
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content));
  return file;
}

function summary(...args: string[]) {
  const run = spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' });
  const lines = run.stdout.trim().split('\n');
  return { code: run.status, closing: lines.at(-1), output: run.stdout };
}

const playwrightStats = (expected: number, unexpected = 0) => ({
  startTime: '2026-11-24T02:06:44.929Z',
  duration: 75.5,
  expected,
  skipped: 0,
  unexpected,
  flaky: 0,
});

const jestReport = (over: Record<string, unknown> = {}) => ({
  numFailedTestSuites: 0,
  numFailedTests: 0,
  numPassedTestSuites: 3,
  numPassedTests: 12,
  numPendingTestSuites: 0,
  numPendingTests: 0,
  numRuntimeErrorTestSuites: 0,
  numTotalTestSuites: 3,
  numTotalTests: 12,
  success: true,
  testResults: [],
  ...over,
});

describe('CI closing line (scripts/ci-summary.mjs)', () => {
  it('passes a run whose reports all passed', () => {
    const checks = fixture('checks-ok.txt', 'typecheck=passed lint=passed format:check=passed\n');
    const unit = fixture('unit-ok.json', jestReport());
    const e2e = fixture('e2e-ok.json', { errors: [], stats: playwrightStats(10) });
    expect(summary(checks, unit, e2e)).toMatchObject({ code: 0, closing: '25 passed, 0 failed' });
  });

  it('counts a Playwright global setup that threw, although it failed no test', () => {
    const e2e = fixture('e2e-setup.json', {
      config: {},
      suites: [],
      errors: [
        {
          message: 'Error: global setup exploded',
          stack: 'Error: global setup exploded\n    at globalSetup (/tmp/pwfix/setup.ts:2:9)',
          location: { file: '/tmp/pwfix/setup.ts', column: 9, line: 2 },
        },
      ],
      stats: playwrightStats(0),
    });
    const unit = fixture('unit-ok.json', jestReport());
    const result = summary(unit, e2e);
    expect(result).toMatchObject({ code: 1, closing: '12 passed, 1 failed' });
    expect(result.output).toContain('fatal: Error: global setup exploded');
  });

  it('counts a web server that did not start', () => {
    const e2e = fixture('e2e-server.json', {
      errors: [
        { message: 'Error: Process from config.webServer was not able to start. Exit code: 3' },
      ],
      stats: playwrightStats(0),
    });
    expect(summary(e2e)).toMatchObject({ code: 1, closing: '0 passed, 1 failed' });
  });

  it('adds fatal errors to failed tests', () => {
    const e2e = fixture('e2e-both.json', {
      errors: [{ message: 'Error: global teardown failed' }],
      stats: playwrightStats(8, 2),
    });
    expect(summary(e2e).closing).toBe('8 passed, 3 failed');
  });

  it('counts a missing report and an unreadable one as failures', () => {
    const unit = fixture('unit-ok.json', jestReport());
    const truncated = fixture('infra-truncated.json', '{"numFailedTests": 0, "numPass');
    const result = summary(unit, truncated, join(dir, 'e2e-results.json'));
    expect(result).toMatchObject({ code: 1, closing: '12 passed, 2 failed' });
    expect(result.output).toContain('e2e-results.json: missing (counted as a failure)');
  });

  it('counts jest suites that failed to run, and a failed jest run without a failed test', () => {
    const crashed = fixture(
      'unit-crash.json',
      jestReport({ numRuntimeErrorTestSuites: 2, numFailedTestSuites: 2, success: false }),
    );
    expect(summary(crashed).closing).toBe('12 passed, 2 failed');
    const failedRun = fixture('unit-failed-run.json', jestReport({ success: false }));
    expect(summary(failedRun)).toMatchObject({ code: 1, closing: '12 passed, 1 failed' });
  });

  it('counts a suite whose command exited non-zero while its report shows no failure', () => {
    const unit = fixture('unit-ok.json', jestReport());
    expect(summary(`${unit}@124`)).toMatchObject({ code: 1, closing: '12 passed, 1 failed' });
    expect(summary(`${unit}@0`)).toMatchObject({ code: 0, closing: '12 passed, 0 failed' });
  });

  it('counts each failed static check, and a checks file with none recorded', () => {
    const checks = fixture('checks.txt', 'typecheck=failed lint=passed format:check=failed');
    expect(summary(checks).closing).toBe('1 passed, 2 failed');
    expect(summary(fixture('checks-empty.txt', '')).closing).toBe('0 passed, 1 failed');
  });
});
