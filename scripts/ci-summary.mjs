// Adds up the static checks (`name=passed|failed` words), the jest (--json) and Playwright (json
// reporter) results and prints the closing line "N passed, N failed". A missing report counts as
// one failure: a suite that did not run failed.
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) {
    console.log(`${file}: missing (counted as a failure)`);
    failed += 1;
    continue;
  }
  if (file.endsWith('.txt')) {
    const results = readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean);
    const f = results.filter((r) => r.endsWith('=failed'));
    console.log(`${file}: ${results.length - f.length} passed, ${f.length} failed ${f.join(' ')}`);
    passed += results.length - f.length;
    failed += f.length;
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (report.stats) {
    // Playwright
    const p = report.stats.expected + (report.stats.flaky ?? 0);
    const f = report.stats.unexpected;
    console.log(`${file}: ${p} passed, ${f} failed, ${report.stats.skipped} skipped`);
    passed += p;
    failed += f;
  } else {
    // Jest: suites that failed to run count too
    const f = report.numFailedTests + (report.numRuntimeErrorTestSuites ?? 0);
    console.log(
      `${file}: ${report.numPassedTests} passed, ${f} failed, ${report.numPendingTests} skipped`,
    );
    passed += report.numPassedTests;
    failed += f;
  }
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
