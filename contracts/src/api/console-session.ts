import { z } from 'zod';
import { defineRoute } from './route';

/**
 * The request header the console sets on the lists it reads again by itself (its queues' and
 * inboxes' refreshes, every read of them): `X-Clinic-Activity: background`. The gateway reads it,
 * so such a request is answered but does not count as the person's activity: it never keeps an
 * idle staff session alive. The person's own clicks and keys reach the server as `consoleActivity`.
 */
export const CLINIC_ACTIVITY_HEADER = 'X-Clinic-Activity';
export const backgroundActivityHeaders = { [CLINIC_ACTIVITY_HEADER]: 'background' } as const;

/** A staff session ends after this long without a request the person made (HIPAA 164.312(a)(2)(iii)). */
export const STAFF_IDLE_LIMIT_MS = 15 * 60 * 1000;
/** The console warns this long before it signs an idle person out. */
export const STAFF_IDLE_WARNING_MS = 60 * 1000;

/**
 * The console tells the server the person is there (they moved, typed or scrolled, or pressed
 * "Stay signed in"): their session's idle deadline starts again from now.
 */
export const consoleActivity = defineRoute({
  method: 'post',
  path: '/api/console/activity',
  service: 'identity',
  auth: 'staff',
  summary:
    "Records that the staff member is active in the console: the session's 15-minute idle deadline starts again.",
  response: z.object({ status: z.literal('success') }),
});

/** What the login page says to a staff member the console signed out for being idle. */
export const idleSignOutNotice = 'You were signed out after 15 minutes without activity.';
