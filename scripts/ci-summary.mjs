// Adds up the static checks (`name=passed|failed` words), the jest (--json) and Playwright (json
// reporter) results and prints the closing line "N passed, N failed".
//
//   node scripts/ci-summary.mjs <report>[@<exit code>] ...
//
// The closing line must never say "0 failed" for a run that failed, so besides the failed tests
// it counts, each as at least one failure:
// - a report that is missing or unreadable (the suite did not run, or died before writing it;
//   .ci/run deletes old reports first, so a stale one cannot stand in for it);
// - Playwright's fatal errors (`errors`: a failing global setup or teardown, a web server that
//   did not start, a `.only` under forbidOnly), which run no test and fail none;
// - a jest run that says it failed (`success: false`, a suite that failed outside its tests)
//   without a failed test;
// - a suite whose command exited non-zero (the optional `@<exit code>`) while its report shows
//   no failure, whatever the reason.
import { existsSync, readFileSync } from 'node:fs';

/** One report's results: `{ passed, failed, line }`. */
function readReport(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1, line: 'missing (counted as a failure)' };
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.txt')) {
    const results = text.trim().split(/\s+/).filter(Boolean);
    if (results.length === 0)
      return { passed: 0, failed: 1, line: 'no checks recorded (counted as a failure)' };
    const f = results.filter((r) => !r.endsWith('=passed'));
    return {
      passed: results.length - f.length,
      failed: f.length,
      line: `${results.length - f.length} passed, ${f.length} failed ${f.join(' ')}`.trim(),
    };
  }
  let report;
  try {
    report = JSON.parse(text);
  } catch {
    return { passed: 0, failed: 1, line: 'unreadable JSON (counted as a failure)' };
  }
  if (report.stats) {
    // Playwright
    const errors = Array.isArray(report.errors) ? report.errors : [];
    const passed = (report.stats.expected ?? 0) + (report.stats.flaky ?? 0);
    const failed = (report.stats.unexpected ?? 0) + errors.length;
    const fatal = errors.map((e) => `\n  fatal: ${firstLine(e.message)}`).join('');
    return {
      passed,
      failed,
      line: `${passed} passed, ${failed} failed, ${report.stats.skipped ?? 0} skipped${fatal}`,
    };
  }
  if (typeof report.numPassedTests === 'number') {
    // Jest: suites that failed to run count too
    let failed = (report.numFailedTests ?? 0) + (report.numRuntimeErrorTestSuites ?? 0);
    let note = '';
    if (failed === 0 && (report.success === false || (report.numFailedTestSuites ?? 0) > 0)) {
      failed = 1;
      note = ' (the run failed without a failed test)';
    }
    return {
      passed: report.numPassedTests,
      failed,
      line: `${report.numPassedTests} passed, ${failed} failed, ${report.numPendingTests ?? 0} skipped${note}`,
    };
  }
  return { passed: 0, failed: 1, line: 'not a jest or Playwright report (counted as a failure)' };
}

function firstLine(message) {
  return String(message ?? 'unknown error').split('\n')[0];
}

let passed = 0;
let failed = 0;
for (const arg of process.argv.slice(2)) {
  const [, file, exitCode] = /^(.*?)(?:@(\d+))?$/.exec(arg);
  const result = readReport(file);
  if (exitCode !== undefined && exitCode !== '0' && result.failed === 0) {
    result.failed = 1;
    result.line += ` (but its command exited ${exitCode}: counted as a failure)`;
  }
  console.log(`${file}: ${result.line}`);
  passed += result.passed;
  failed += result.failed;
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
