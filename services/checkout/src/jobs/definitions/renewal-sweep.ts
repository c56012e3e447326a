/**
 * checkout.renewal-sweep: the hourly sweep of due subscription renewals, one job per slot.
 */
import { z } from 'zod';
import { jobType, type ServiceRuntime } from '@clinic/kit';

export const RENEWAL_SWEEP_JOB = 'renewal-sweep';

export const defaultRenewalSweepMs = 60 * 60 * 1000;

export const renewalSweep = jobType({
  name: `checkout.${RENEWAL_SWEEP_JOB}`,
  formerNames: [RENEWAL_SWEEP_JOB],
  schema: z.object({ slot: z.number().int() }),
  attempts: 3,
  backoffMs: 60_000,
});

/** Queues the sweep of `slot`, to run when the slot starts (at once for the current one). */
export async function queueSweep(runtime: ServiceRuntime, slot: number, intervalMs: number) {
  const delayMs = Math.max(0, slot * intervalMs - runtime.clock.now().getTime());
  await runtime.queue
    .job(renewalSweep)
    .enqueue({ slot }, { jobId: `${RENEWAL_SWEEP_JOB}-${slot}`, delayMs });
}

/** At every start: the sweep of the current slot (dropped when another instance queued it). */
export function startRenewalSweeps(runtime: ServiceRuntime, intervalMs: number): Promise<void> {
  return queueSweep(runtime, Math.floor(runtime.clock.now().getTime() / intervalMs), intervalMs);
}
