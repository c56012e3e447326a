import type { Router } from 'express';
import { chatAvailability } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import type { ChatDeps } from '../deps';
import { hoursText, isStaffed, nextOpening } from '../domain/staffed-hours';

/** GET /api/chat-availability: what the patient may expect from each channel, now. */
export function chatAvailabilityRoute(
  router: Router,
  runtime: ServiceRuntime,
  deps: ChatDeps,
): void {
  bindRoute(router, chatAvailability, async () => {
    const now = runtime.clock.now();
    const staffedNow = isStaffed(deps.hours, now);
    return {
      status: 'success' as const,
      chat: {
        staffedNow,
        hours: hoursText(deps.hours, now),
        expectation: staffedNow
          ? `We usually reply within ${deps.replyMinutes} minutes.`
          : `We're away right now. Leave a message and we'll reply ${nextOpening(deps.hours, now)}.`,
      },
      doctor: {
        expectation: `Your doctor replies within ${deps.doctorReplyHours} hours, and we'll text you when they do.`,
        messagingUrl: deps.doctorMessagingUrl,
      },
    };
  });
}
