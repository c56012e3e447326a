// The child processes of a benchmark script: every one is tracked, its output goes to a log file
// (read only when something goes wrong), and all are stopped on exit, on a failure and on
// SIGINT/SIGTERM. One unexpected exit fails the run with the last lines of that process's log.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import { join } from 'node:path';

export const HOST = '127.0.0.1';

function logTail(path, lines = 25) {
  try {
    return readFileSync(path, 'utf8')
      .trimEnd()
      .split('\n')
      .slice(-lines)
      .map((l) => `    ${l}`)
      .join('\n');
  } catch {
    return '    (no log)';
  }
}

/** `label` prefixes every message ("bench-checkout"); `root` is where the processes run. */
export function createProcessGroup({ label, root }) {
  const children = new Set();
  let stopping = false;
  let failing = false;
  let logDir = '';
  let keepLogDir = false;

  /** Spawns `node args...` with its output in `<logDir>/<name>.log`. */
  function startChild(name, args, env, { ipc = false } = {}) {
    const logPath = join(logDir, `${name}.log`);
    const fd = openSync(logPath, 'a');
    const child = spawn(process.execPath, args, {
      cwd: root,
      env,
      stdio: ['ignore', fd, fd, ...(ipc ? ['ipc'] : [])],
    });
    closeSync(fd);
    children.add(child);
    child.on('exit', (code, signal) => {
      children.delete(child);
      if (!stopping)
        void fail(
          `${name} (pid ${child.pid}) exited unexpectedly (${signal ?? `code ${code}`}); last lines of ${logPath}:\n${logTail(logPath)}`,
        );
    });
    child.on('error', (err) => {
      if (!stopping) void fail(`${name} could not be started: ${err.message}`);
    });
    return child;
  }

  const group = {
    /** Creates the log folder; `keep` keeps it after a successful run. */
    openLogDir(keep) {
      logDir = mkdtempSync(join(os.tmpdir(), `${label}-`));
      keepLogDir = keep;
    },
    keepLogs() {
      keepLogDir = true;
    },
    get stopping() {
      return stopping;
    },
    startChild,
    /** `BENCH_CPU_PROF=dir` profiles the product's processes (`--cpu-prof`, written on exit). */
    startTsService: (name, entry, env) =>
      startChild(
        name,
        [
          ...(process.env.BENCH_CPU_PROF
            ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
            : []),
          '--import',
          'tsx',
          entry,
        ],
        env,
      ),
    /** Starts `node script role` and waits for the port it reports over IPC (`{ port }`). */
    async startRole(name, script, role, env = {}) {
      const child = startChild(name, [script, role], { ...process.env, ...env }, { ipc: true });
      const port = await new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${name} did not start`)), 15000);
        child.once('message', (msg) => {
          clearTimeout(timer);
          resolve(msg.port);
        });
      });
      return { child, url: `http://${HOST}:${port}` };
    },
    /** Stops some of the children on purpose (their exit is not a failure). */
    stopProcesses: (list) =>
      Promise.all(
        list.map(
          (child) =>
            new Promise((resolve) => {
              children.delete(child);
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              child.removeAllListeners('exit');
              const timer = setTimeout(() => child.kill('SIGKILL'), 8000);
              child.once('exit', () => {
                clearTimeout(timer);
                resolve();
              });
              child.kill('SIGTERM');
            }),
        ),
      ),
    async stopChildren() {
      stopping = true;
      await group.stopProcesses([...children]);
    },
    removeLogDir() {
      if (logDir && !keepLogDir) rmSync(logDir, { recursive: true, force: true });
      else if (logDir) console.log(`\nProcess logs kept in ${logDir}`);
    },
    fail,
    installCleanup() {
      process.on('exit', () => {
        for (const child of children) child.kill('SIGKILL');
      });
      for (const signal of ['SIGINT', 'SIGTERM'])
        process.on(signal, async () => {
          if (stopping) return;
          console.error(`\n${label}: ${signal}, stopping the processes it started`);
          await group.stopChildren();
          group.removeLogDir();
          process.exit(130);
        });
      process.on(
        'unhandledRejection',
        (err) => void fail(err instanceof Error ? err.stack : String(err)),
      );
      process.on('uncaughtException', (err) => void fail(err.stack ?? String(err)));
    },
  };

  async function fail(message) {
    if (failing || stopping) return; // stopping on purpose (a signal): requests failing is expected
    failing = true;
    keepLogDir = true;
    console.error(`\n${label}: BROKEN: ${message}`);
    await group.stopChildren();
    group.removeLogDir();
    process.exit(1);
  }

  return group;
}

export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, HOST, () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Polls `url + path` until it answers 2xx, or throws after `timeoutMs` with the last answer. */
export async function waitReady(name, url, path, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = '';
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${url}${path}`, { signal: AbortSignal.timeout(3000) });
      if (res.ok) return;
      last = `HTTP ${res.status}: ${(await res.text()).slice(0, 300)}`;
    } catch (err) {
      last = err instanceof Error ? err.message : String(err);
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(
    `${name} did not answer ${url}${path} within ${timeoutMs / 1000}s (last: ${last})`,
  );
}

/** An integer setting from the environment, or `onBad(problem)` when it is not one. */
export function intFrom(name, fallback, min, onBad) {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) onBad(`${name} must be an integer >= ${min}, got "${raw}"`);
  return n;
}
