/**
 * A refill check-in missed (forms' `refill-check-in-missed`): the patient's conversation goes to
 * support's inbox. Queued as a job with the inbox transaction, since the patient's name and email
 * come from identity outside it (jobs/check-in-missed-inbox.ts keeps one line per check-in).
 */
import { refillCheckInMissed } from '@clinic/contracts';
import { defineSubscriber, type ServiceRuntime } from '@clinic/kit';
import { checkInMissedInbox } from '../jobs/definitions/check-in-missed-inbox';

export function refillCheckInMissedInboxSubscriber(runtime: ServiceRuntime) {
  return defineSubscriber({
    name: 'inbox-missed-check-ins',
    event: refillCheckInMissed,
    async handle(data, { tx }) {
      await runtime.queue
        .job(checkInMissedInbox)
        .enqueueAfterCommit(
          tx,
          { orderId: data.orderId, userId: data.userId, shipOn: data.shipOn },
          { jobId: `check-in-missed-${data.orderId}-${Date.parse(data.shipOn)}` },
        );
    },
  });
}
