// Waiting for the product to go idle between timed runs, from the processes' CPU time in /proc.
import { readFileSync } from 'node:fs';

/** CPU ticks (user + system) a process has used so far; null where /proc is not available. */
export function cpuTicks(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime, stime
  } catch {
    return null;
  }
}

/**
 * Waits (at most `maxMs`) until the product's processes are nearly idle, so the work a previous
 * step left behind (events, relays, jobs) does not run during the next timed step on a small
 * machine. Where /proc is missing it just waits a moment. Returns the milliseconds waited.
 */
export async function settle(pids, maxMs = 5000) {
  const started = Date.now();
  const deadline = started + maxMs;
  const total = () => pids.reduce((sum, pid) => sum + (cpuTicks(pid) ?? NaN), 0);
  // Idle enough: under ~8% of a core in 250 ms (a tick is usually 10 ms), at least a tick per
  // process for the timers (queue polls, heartbeats) each runs when idle.
  const idleTicks = Math.max(2, pids.length);
  let before = total();
  if (Number.isNaN(before)) {
    await new Promise((r) => setTimeout(r, 300));
    return Date.now() - started;
  }
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 250));
    const now = total();
    if (now - before <= idleTicks) break;
    before = now;
  }
  return Date.now() - started;
}
