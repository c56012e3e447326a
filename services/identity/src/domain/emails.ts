import { greeting, type OutgoingMessage } from '@clinic/kit';

/**
 * The emails identity sends. They carry a link and nothing about the person's health: email is
 * not a private channel.
 */

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function linkEmail(
  to: string,
  subject: string,
  lines: { greeting: string; intro: string; action: string; outro: string },
  link: string,
): OutgoingMessage {
  const { intro, action, outro } = lines;
  const hello = lines.greeting;
  return {
    channel: 'email',
    to,
    subject,
    body: `${hello}\n\n${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html:
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function passwordResetEmail(to: string, link: string): OutgoingMessage {
  return linkEmail(
    to,
    'Reset your password',
    {
      // Anyone may ask for a reset: the email names nobody.
      greeting: greeting(''),
      intro: 'We received a request to reset the password of your account.',
      action: 'Choose a new password',
      outro:
        'The link works once and expires in 1 hour. If you did not ask for it, you can ignore this email: your password stays the same.',
    },
    link,
  );
}

export function welcomeEmail(to: string, firstName: string, link: string): OutgoingMessage {
  return linkEmail(
    to,
    'Set your password',
    {
      greeting: greeting(firstName),
      intro:
        'Your patient account is ready. Set a password to log in to your portal at any time, from any device.',
      action: 'Set your password',
      outro: 'The link works once and expires in 72 hours.',
    },
    link,
  );
}

/** An admin invited a staff member: the link sets their password; the first login sets up the app. */
export function staffInviteEmail(to: string, firstName: string, link: string): OutgoingMessage {
  return linkEmail(
    to,
    'You are invited to the GLP Clinic staff console',
    {
      greeting: greeting(firstName),
      intro:
        'An administrator made you a staff account. Set a password, then log in: the first login also sets up an authenticator app on your phone for two-factor login.',
      action: 'Set your password',
      outro: 'The link works once and expires in 72 hours.',
    },
    link,
  );
}

/**
 * The one-time code of a login past the account's failure limit (login-guard.ts). It tells the
 * owner why, and what to do if it was not them: the password stopped nobody, the code did.
 */
export function loginCodeEmail(to: string, code: string): OutgoingMessage {
  const intro =
    'Someone, hopefully you, entered the right password for your account after several wrong ones. To keep your account safe, logging in also needs this code:';
  const outro =
    'Enter it on the login page with your password. It works once, for 15 minutes. If this was not you, nobody can log in without this code, but please choose a new password with "Forgot your password?" on the login page.';
  const hello = greeting('');
  return {
    channel: 'email',
    to,
    subject: 'Your login code',
    body: `${hello}\n\n${intro}\n\n${code}\n\n${outro}\n`,
    html:
      `<p>${hello}</p><p>${escapeHtml(intro)}</p><p><strong>${escapeHtml(code)}</strong></p>` +
      `<p>${escapeHtml(outro)}</p>`,
  };
}
