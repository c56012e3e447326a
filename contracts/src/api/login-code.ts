/**
 * The login of an account past its failure limit (docs/architecture/sessions-and-callers.md): the right
 * password with the 6-digit code emailed to the owner. Apart from identityMessages so that only
 * the login page's download carries these texts.
 */
export const loginCodeMessages = {
  needed:
    'For your safety, this account needs a code to log in after several wrong passwords. If your email and password are right, we have emailed you a 6-digit code: enter it below with your password.',
  wrong:
    'That code is not right, or it has expired. Enter the newest code we emailed you, or ask for a new one.',
} as const;

/**
 * Why a login answered 401 without a session, when it is not a wrong email or password: the
 * account needs the code emailed to its owner (`login_code_needed`), or the code given is not the
 * live one (`login_code_wrong`). Sent as `reason` in the error body.
 */
export const loginCodeReasons = ['login_code_needed', 'login_code_wrong'] as const;
export type LoginCodeReason = (typeof loginCodeReasons)[number];
