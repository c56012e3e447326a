import { type z } from 'zod';
import { describeIssues } from '../http/errors';
import type { JobHandle, Queue } from '../jobs/queue';
import { outgoingMessageSchema } from './message';
import { sendNotification } from './send-notification-job';

/**
 * What services call to send an email or a text. The message is validated here, so a bad address
 * fails the caller at once, then queued as a `send-notification` job: the request that asked for
 * it never waits on a mail server, and a failing provider is retried with backoff and
 * dead-lettered rather than lost. The queue must have `sendNotificationJob(...)` defined.
 */

export interface NotifyOptions {
  /**
   * Makes sending idempotent: a second send with the same id is dropped while the first is known
   * (e.g. `verify-code-<requestId>`). Letters, digits, `_`, `-` and `.` only.
   */
  jobId?: string;
  /** Send no earlier than this many ms from now. */
  delayMs?: number;
}

export class InvalidNotificationError extends Error {
  override name = 'InvalidNotificationError';
}

export class Notifier {
  private readonly job: JobHandle<typeof outgoingMessageSchema>;

  constructor(queue: Queue) {
    this.job = queue.job(sendNotification);
  }

  /** Queues the message and returns its job id. */
  async send(
    message: z.input<typeof outgoingMessageSchema>,
    opts: NotifyOptions = {},
  ): Promise<string> {
    const parsed = outgoingMessageSchema.safeParse(message);
    if (!parsed.success)
      throw new InvalidNotificationError(`Invalid notification: ${describeIssues(parsed.error)}`);
    return this.job.enqueue(parsed.data, opts);
  }
}
