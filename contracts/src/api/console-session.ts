import { z } from 'zod';
import { defineRoute } from './route';

/**
 * The console tells the server the person is there (they moved, typed or scrolled, or pressed
 * "Stay signed in"): their session's idle deadline starts again from now (rules/staff-sessions.ts).
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
