/**
 * Where no card can pay for now (spec 001 section 8, "Card Temporarily Blocked", and the clinic's
 * pause of a cart after too many declines): the message, what the patient can do next, and how to
 * reach the care team.
 *
 * Hooks for end-to-end tests: div.co-blocked[data-kind="card|cart"], .co-blocked__contact.
 */
import { SUPPORT_CONTACT } from '../brand';
import type { Blocked } from './checkoutErrors';

export const blockedTexts = {
  nextTitle: 'What you can do next',
  callBank:
    'Call your bank (the number is on the back of your card): it can approve the charge or tell you why it was declined.',
  retryAt: (when: string) => `Try again after ${when}.`,
  retryLater: 'Try again in 24 hours.',
  cartRetryAt: (when: string) => `Try again after ${when}, with a card your bank has approved.`,
  cartRetryLater: 'Try again in 24 hours, with a card your bank has approved.',
  support: 'Our care team can help you finish your order:',
} as const;

/** "Nov 23, 2026, 12:00 PM" in the patient's own time zone; null for a missing or bad date. */
export function formatUntil(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** "tel:+18885550142" from "(888) 555-0142". */
export function telHref(phone: string): string {
  return `tel:+1${phone.replace(/\D/g, '')}`;
}

interface Props {
  message: string;
  blocked: Blocked;
}

export function BlockedNotice({ message, blocked }: Props) {
  const when = formatUntil(blocked.until);
  const steps =
    blocked.kind === 'card'
      ? [blockedTexts.callBank, when ? blockedTexts.retryAt(when) : blockedTexts.retryLater]
      : [when ? blockedTexts.cartRetryAt(when) : blockedTexts.cartRetryLater];
  return (
    <div className="co-blocked" data-kind={blocked.kind}>
      <p className="co-error" role="alert">
        {message}
      </p>
      <div className="co-blocked__next">
        <p className="co-blocked__title">{blockedTexts.nextTitle}</p>
        <ul className="co-blocked__steps">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
          <li>
            {blockedTexts.support}
            <span className="co-blocked__contact">
              <a href={`mailto:${SUPPORT_CONTACT.email}`}>{SUPPORT_CONTACT.email}</a>
              <a href={telHref(SUPPORT_CONTACT.phone)}>{SUPPORT_CONTACT.phone}</a>
              <span className="co-blocked__hours">{SUPPORT_CONTACT.hours}</span>
            </span>
          </li>
        </ul>
      </div>
    </div>
  );
}
