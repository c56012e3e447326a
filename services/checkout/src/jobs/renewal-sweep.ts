/**
 * renewal-sweep: every hour (by the product's clock), renews the subscriptions whose billing
 * date or retry is due, finishes subscription charges a crash left 'charging', and queues the
 * notices of renewals coming up (renewal-notices.ts).
 *
 * Guarantees: one sweep per hour slot across all instances (the job id is the slot's, queued
 * by every instance at start and by each sweep for the next slot, first thing, so a failing
 * sweep never breaks the chain); a subscription renewed by two sweeps at once is charged once
 * (see SubscriptionCharges); one subscription's failure does not stop the others.
 */
import { defineJob, type ServiceRuntime } from '@clinic/kit';
import { queueRenewalNotices } from '../domain/billing/renewal-notices';
import type { SubscriptionCharges } from '../domain/billing/subscription-charges';
import { renewalSweep, queueSweep } from './definitions/renewal-sweep';

export function renewalSweepJob(
  runtime: ServiceRuntime,
  charges: SubscriptionCharges,
  intervalMs: number,
) {
  return defineJob({
    ...renewalSweep,
    async handle({ slot }) {
      // The next slot after now: after a long stop (or a test moving the clock), one sweep
      // catches up rather than one per missed hour.
      const current = Math.floor(runtime.clock.now().getTime() / intervalMs);
      await queueSweep(runtime, Math.max(slot, current) + 1, intervalMs);

      const settled = await charges.settleStale();
      const outcomes: Record<string, number> = {};
      for (const id of await charges.dueSubscriptions()) {
        try {
          const outcome = await charges.renew(id);
          outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
        } catch (err) {
          runtime.logger.error({ err, subscriptionId: id }, 'renewal failed; next sweep retries');
        }
      }
      const notices = await queueRenewalNotices(runtime);
      runtime.logger.info({ slot, settled, outcomes, notices }, 'renewal sweep done');
    },
  });
}
