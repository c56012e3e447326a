import {
  privacyContact,
  privacyRequestLimits,
  privacyRequestTypeLabels,
  type PrivacyRequestType,
} from '@clinic/contracts';
import { greeting, type OutgoingMessage } from '@clinic/kit';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The clinic's dates are Pacific (BRIEF section 5), e.g. "January 8, 2027". */
const longDate = new Intl.DateTimeFormat('en-US', {
  dateStyle: 'long',
  timeZone: 'America/Los_Angeles',
});

/**
 * Opting out and limiting need no proof of identity and take effect within 15 business days
 * (Cal. Code Regs. tit. 11, 7026(f) and 7027(g)); access, deletion and correction are answered
 * once the team has verified who is asking.
 */
function nextSteps(type: PrivacyRequestType, due: string): string[] {
  if (type === 'do_not_sell_or_share' || type === 'limit_sensitive')
    return [
      'You do not need to do anything else. We will apply your choice within 15 business days, and we will tell you by email when it is done.',
    ];
  return [
    'Before we act on it, we need to confirm that the request comes from you (or from someone you have authorized). A member of our privacy team will write to you from this address and may ask you to confirm details we already hold, such as your phone number or date of birth. Please do not send us medical records or ID documents by email.',
    `We will respond by ${due} (${privacyRequestLimits.responseDays} days from receipt). If we need more time, up to ${privacyRequestLimits.responseDays} more days, we will tell you why before then.`,
  ];
}

export interface PrivacyRequestEmailInput {
  to: string;
  name: string;
  type: PrivacyRequestType;
  reference: string;
  respondBy: Date;
}

/** The confirmation a privacy request's sender receives: what was asked, its reference, when. */
export function privacyRequestEmail(input: PrivacyRequestEmailInput): OutgoingMessage {
  const { to, name, type, reference, respondBy } = input;
  const paragraphs = [
    greeting(name),
    `We received your privacy request: ${privacyRequestTypeLabels[type]}. Your reference is ${reference}; please quote it if you write to us about this request.`,
    ...nextSteps(type, longDate.format(respondBy)),
    `If you did not make this request, or have a question about it, write to ${privacyContact.email}.`,
    'GLP Clinic Privacy Team',
  ];
  return {
    channel: 'email',
    to,
    subject: `We received your privacy request (${reference})`,
    body: `${paragraphs.join('\n\n')}\n`,
    html: paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join(''),
  };
}
