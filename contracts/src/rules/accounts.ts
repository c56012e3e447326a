/** Accounts' rules: passwords, and how recent a login must be to change one. */

/** update-password needs a login this recent, or the current password (docs/architecture/sessions-and-callers.md). */
export const recentLoginMs = 15 * 60 * 1000;

/** Spec 000 section 5: a new password has 8 to 256 characters. */
export const passwordRules = { min: 8, max: 256 } as const;
