// The table of reports kept by `npm run load -- --reports DIR`, printed again, with the same
// verdicts (exit 1 when a scenario failed):
//
//   node load-tests/summarize.mjs [--smoke] <scenario>=<report.json>[@<artillery exit code>] ...
//
// Without an exit code, Artillery's is taken as 0: the report alone decides.
import { ensureOf, formatTable, readReport, readScenario, summarize } from './lib/report.mjs';

const args = process.argv.slice(2);
const environment = args.includes('--smoke') ? 'smoke' : 'full';
const rows = args
  .filter((a) => a !== '--smoke')
  .map((arg) => {
    const match = /^(\w+)=(.+?)(?:@(\d+))?$/.exec(arg);
    if (!match) {
      console.error(`summarize: not <scenario>=<report.json>[@<exit code>]: ${arg}`);
      process.exit(2);
    }
    const [, name, file, exitCode] = match;
    return summarize({
      name,
      ensure: ensureOf(readScenario(name), environment),
      report: readReport(file),
      exitCode: exitCode === undefined ? 0 : Number(exitCode),
    });
  });
console.log(formatTable(rows));
process.exit(rows.length > 0 && rows.every((r) => r.passed) ? 0 : 1);
