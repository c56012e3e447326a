/**
 * The privacy requests in the admin console (issue 30): each request made through
 * /api/privacy-request, worked in three steps, received, verified (the team matched the
 * requester to the consumer or their authorized agent), done (answered, with a note of what was
 * sent or done), never backwards, within the law's 45 days. Admins only; every read of the list
 * and every step is a line on identity's audit trail. Console paths are ours (BRIEF section 2).
 */
import { z } from 'zod';
import { privacyRequestLimits } from '../rules/privacy';
import { multilineText, text } from './fields';
import { privacyRequestTypes } from './privacy';
import { defineRoute } from './route';

/** Where a request stands, in the order it moves. */
export const privacyRequestStates = ['received', 'verified', 'done'] as const;
export type PrivacyRequestState = (typeof privacyRequestStates)[number];

/** Messages the console shows verbatim. */
export const privacyAdminMessages = {
  reference: 'A privacy request reference is PR- and 8 letters or digits, e.g. PR-7KQ2M9XD.',
  notFound: 'No privacy request has this reference.',
  alreadyVerified: 'This request is already verified.',
  alreadyDone: 'This request is already done. A request never goes back a step.',
  noGoingBack: 'A request never goes back a step.',
  verifyFirst: 'Verify the requester before marking the request done.',
  noteRequired: 'Say what was sent or done before closing the request.',
} as const;

/** 'PR-' and 8 characters of Crockford's base32 (no I, L, O or U), as the requester quotes it. */
export const privacyReferencePattern = /^PR-[0-9A-HJKMNP-TV-Z]{8}$/;

const referenceParams = z.object({
  reference: text(11).regex(privacyReferencePattern, privacyAdminMessages.reference),
});

export const privacyRequestViewSchema = z.object({
  reference: z.string(),
  requestType: z.enum(privacyRequestTypes),
  /** The requester as they wrote it: their name, email and US state of residence. */
  name: z.string(),
  email: z.string(),
  requesterState: z.string(),
  details: z.string(),
  state: z.enum(privacyRequestStates),
  receivedAt: z.iso.datetime(),
  /** 45 days from receipt. */
  dueAt: z.iso.datetime(),
  /**
   * Whole days until the due date, counted up (a few hours left is 1), and below zero once it
   * has passed (a few hours late is -1); null once the request is done.
   */
  daysLeft: z.number().int().nullable(),
  /** Past its due date and not done. */
  overdue: z.boolean(),
  verifiedAt: z.iso.datetime().nullable(),
  /** The staff member's name. */
  verifiedBy: z.string().nullable(),
  closedAt: z.iso.datetime().nullable(),
  closedBy: z.string().nullable(),
  /** What was sent or done. */
  closingNote: z.string().nullable(),
});
export type PrivacyRequestView = z.infer<typeof privacyRequestViewSchema>;

const oneRequest = z.object({ status: z.literal('success'), request: privacyRequestViewSchema });

export const privacyRequestQueue = defineRoute({
  method: 'get',
  path: '/api/console/privacy-requests',
  service: 'identity',
  auth: 'staff',
  staffRoles: [],
  summary:
    'The privacy requests, optionally of one state: overdue ones first, then the open ones by due date, then the done ones, newest closed first; with the count in each state. Audited.',
  query: z.object({ state: z.enum(privacyRequestStates).optional() }),
  response: z.object({
    status: z.literal('success'),
    requests: z.array(privacyRequestViewSchema),
    counts: z.object({
      received: z.number().int(),
      verified: z.number().int(),
      done: z.number().int(),
    }),
  }),
});

export const verifyPrivacyRequest = defineRoute({
  method: 'post',
  path: '/api/console/privacy-requests/:reference/verify',
  service: 'identity',
  auth: 'staff',
  staffRoles: [],
  summary:
    'Marks a received privacy request verified (audited). A verified or done one is refused with 409 and nothing changed.',
  params: referenceParams,
  response: oneRequest,
});

export const closePrivacyRequest = defineRoute({
  method: 'post',
  path: '/api/console/privacy-requests/:reference/close',
  service: 'identity',
  auth: 'staff',
  staffRoles: [],
  summary:
    'Marks a verified privacy request done with a note of what was sent or done (audited). A received or done one is refused with 409 and nothing changed.',
  params: referenceParams,
  body: z.object({
    note: multilineText(privacyRequestLimits.closingNoteMax)
      .trim()
      .regex(/\S/, privacyAdminMessages.noteRequired),
  }),
  response: oneRequest,
});
