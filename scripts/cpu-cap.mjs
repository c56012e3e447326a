// A CPU cap for one process of the cluster (`start:cluster -- --cpu-checkout=0.25`): a cgroup of
// its own whose quota is that many cores, so a benchmark on a small machine can show how capacity
// grows with instances before the machine's own cores run out. cgroup v2 (cpu.max) where the
// unified hierarchy has the cpu controller, else v1's cpu controller (cfs_quota_us).
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const PERIOD_US = 100000;

function v2Root() {
  for (const root of ['/sys/fs/cgroup', '/sys/fs/cgroup/unified']) {
    const controllers = join(root, 'cgroup.controllers');
    if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu'))
      return root;
  }
  return undefined;
}

/**
 * A cgroup named `clinic-<name>-<pid of this script>` capped at `cores` (0.05 to 64). Throws a
 * clear error when no writable cpu controller exists, rather than running uncapped.
 */
export function cpuCap(name, cores) {
  const quota = Math.round(cores * PERIOD_US);
  const group = `clinic-${name}-${process.pid}`;
  const v2 = v2Root();
  const dir = v2 ? join(v2, group) : join('/sys/fs/cgroup/cpu', group);
  try {
    mkdirSync(dir);
    if (v2) writeFileSync(join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
    else {
      writeFileSync(join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(join(dir, 'cpu.cfs_quota_us'), String(quota));
    }
  } catch (err) {
    throw new Error(
      `cannot cap ${name} at ${cores} CPU: no writable cgroup cpu controller (${err.message})`,
    );
  }
  return {
    cores,
    /** Moves a process (and the threads it starts later) into the cgroup. */
    add(pid) {
      writeFileSync(join(dir, 'cgroup.procs'), String(pid));
    },
    /** Removes the cgroup once its processes have exited. */
    remove() {
      try {
        rmdirSync(dir);
      } catch {
        // still has a process, or already gone: the kernel keeps it until empty
      }
    },
  };
}
