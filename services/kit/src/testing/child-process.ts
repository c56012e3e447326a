import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';

/** Runs a TypeScript file of this folder in a child Node process and watches its output. */
export function spawnTs(
  file: string,
  args: string[],
): {
  child: ChildProcess;
  waitFor(text: string, timeoutMs?: number): Promise<void>;
  output(): string;
} {
  const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, file), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_OPTIONS: '' },
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  return {
    child,
    output: () => out,
    waitFor: (text, timeoutMs = 30000) =>
      new Promise((resolve, reject) => {
        const started = Date.now();
        const timer = setInterval(() => {
          if (out.includes(text)) {
            clearInterval(timer);
            resolve();
          } else if (exited(child) || Date.now() - started > timeoutMs) {
            clearInterval(timer);
            reject(
              new Error(`Child did not print "${text}" (exit ${child.exitCode}). Output:\n${out}`),
            );
          }
        }, 25);
      }),
  };
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null;

export async function killHard(child: ChildProcess): Promise<void> {
  if (exited(child)) return;
  const gone = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await gone;
}
