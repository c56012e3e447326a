// `npm start`: the whole product in one process on the embedded engines (BRIEF D2), with data
// kept in DATA_DIR (default ./data) so a restart keeps it.
import { spawn } from 'node:child_process';
import { ensureInstalled, ensureWebBuilt, root } from './prepare.mjs';

ensureInstalled();
ensureWebBuilt();

const child = spawn(process.execPath, ['--import', 'tsx', 'services/gateway/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { PORT: '3000', DATA_DIR: './data', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
