import type { OutgoingMessage } from '@clinic/kit';

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
  const { greeting, intro, action, outro } = lines;
  return {
    channel: 'email',
    to,
    subject,
    body: `${greeting}\n\n${intro}\n\n${action}: ${link}\n\n${outro}\n`,
    html:
      `<p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p>` +
      `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p><p>${escapeHtml(outro)}</p>`,
  };
}

export function passwordResetEmail(to: string, link: string): OutgoingMessage {
  return linkEmail(
    to,
    'Reset your password',
    {
      greeting: 'Hello,',
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
      greeting: firstName ? `Hi ${firstName},` : 'Hello,',
      intro:
        'Your patient account is ready. Set a password to log in to your portal at any time, from any device.',
      action: 'Set your password',
      outro: 'The link works once and expires in 72 hours.',
    },
    link,
  );
}
