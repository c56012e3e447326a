/** Roles apart from the identity schemas: the app's frame reads them at start-up. */

/** Who a user is to the clinic: a patient, or a member of staff with one role (BRIEF section 1). */
export const roles = ['patient', 'clinician', 'support', 'pharmacy', 'marketing', 'admin'] as const;
export type Role = (typeof roles)[number];
export const staffRoles = roles.filter((r) => r !== 'patient') as Exclude<Role, 'patient'>[];
