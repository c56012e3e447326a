/**
 * Accounts' rules: passwords, how recent a login must be to change one, and the texts of login
 * and recovery. No schema here: the app's API client reads the texts.
 */

/** update-password needs a login this recent, or the current password (docs/architecture/sessions-and-callers.md). */
export const recentLoginMs = 15 * 60 * 1000;

/** Spec 000 section 5: a new password has 8 to 256 characters. */
export const passwordRules = { min: 8, max: 256 } as const;

/** Spec 000 sections 5 and 8: the texts of login and recovery, verbatim. */
export const identityMessages = {
  loginFailed: 'Email or password entered is incorrect. Please try again or reset your password.',
  loginSuccess: 'Login successful.',
  forgotSuccess: 'We have emailed you a link to reset your password.',
  resetSuccess: 'Password changed successfully.',
  resetExpired: 'Link expired!',
  passwordsDoNotMatch: 'Passwords do not match!',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  loggedOut: 'Logged out.',
  notLoggedIn: 'Please log in to continue.',
  passwordUpdated: 'Password updated!',
  recentLoginRequired:
    'For your security, enter your current password, or log out and log in again, to change your password.',
  currentPasswordWrong: 'Your current password is not correct.',
} as const;

/** The quiz's answer when the email already has an account (spec 000 section 4). */
export const existingAccountMessage =
  'You already have an account with this email address. Please log in to continue.';
