/**
 * The staff console's automatic log-off (HIPAA 164.312(a)(2)(iii)). Plain values, no zod: the
 * login page shows the notice without loading the API contracts.
 */

/** A staff session ends after this long without a request the person made. */
export const STAFF_IDLE_LIMIT_MS = 15 * 60 * 1000;
/** The console warns this long before it signs an idle person out. */
export const STAFF_IDLE_WARNING_MS = 60 * 1000;

/**
 * The request header the console sets on the lists it reads again by itself (its queues' and
 * inboxes' refreshes, every read of them): `X-Clinic-Activity: background`. The gateway reads it,
 * so such a request is answered but does not count as the person's activity: it never keeps an
 * idle staff session alive. The person's own clicks and keys reach the server as
 * `consoleActivity` (POST /api/console/activity).
 */
export const CLINIC_ACTIVITY_HEADER = 'X-Clinic-Activity';
export const backgroundActivityHeaders = { [CLINIC_ACTIVITY_HEADER]: 'background' } as const;

/** What the login page says to a staff member the console signed out for being idle. */
export const idleSignOutNotice = 'You were signed out after 15 minutes without activity.';
