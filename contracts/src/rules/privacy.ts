/** The privacy request's rules (California's CCPA/CPRA): its fields' limits and the deadline. */

/** The limits of the request form; the database checks the same numbers. */
export const privacyRequestLimits = {
  nameMax: 120,
  emailMax: 256,
  detailsMax: 2000,
  /** Days the clinic has to answer a verifiable request (Cal. Civ. Code 1798.130(a)(2)). */
  responseDays: 45,
  /** What was sent or done, written by the admin who closes a request (migration 0008). */
  closingNoteMax: 500,
} as const;
