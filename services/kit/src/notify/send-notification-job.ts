import { defineJob, jobType } from '../jobs/queue';
import { outgoingMessageSchema } from './message';
import type { NotificationTransport } from './transport';

/**
 * The job that delivers one queued notification through its channel's transport. The queue
 * retries a throwing transport with exponential backoff (2 s, 4 s, 8 s, 16 s by default) and
 * dead-letters the message after the last attempt. Delivery is at least once: a worker that dies
 * between the provider's acceptance and marking the job done sends the message again.
 */

export const SEND_NOTIFICATION_JOB = 'notify.send-notification';

/** The job's name and payload, which the Notifier enqueues. */
export const sendNotification = jobType({
  name: SEND_NOTIFICATION_JOB,
  // Its name before every job name said whose it is: one queued before a deploy still goes.
  formerNames: ['send-notification'],
  schema: outgoingMessageSchema,
});

export interface NotificationTransports {
  email: NotificationTransport;
  sms: NotificationTransport;
}

export interface SendNotificationJobOptions {
  /** Runs in all, the first included (default 5). */
  attempts?: number;
  /** First retry delay, doubled on each next one (default 2000 ms). */
  backoffMs?: number;
}

export function sendNotificationJob(
  transports: NotificationTransports,
  opts: SendNotificationJobOptions = {},
) {
  return defineJob({
    ...sendNotification,
    attempts: opts.attempts ?? 5,
    backoffMs: opts.backoffMs ?? 2000,
    handle: async (message) => {
      await transports[message.channel].send(message);
    },
  });
}
