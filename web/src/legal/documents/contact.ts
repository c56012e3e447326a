/** The clinic's contact details as the legal documents write them, from the one source each. */
import { privacyContact } from '@clinic/contracts';
import { BRAND_NAME, COMPANY, SUPPORT_CONTACT } from '../../brand';
import { mailtoHref, telHref } from '../../support';
import type { LegalSection } from '../document';

export const brand = BRAND_NAME;
export const company = COMPANY.legalName;
export const mailingAddress = `${COMPANY.legalName}, ${COMPANY.addressLines.join(', ')}`;

export const careEmail = `[${SUPPORT_CONTACT.email}](${mailtoHref(SUPPORT_CONTACT.email)})`;
export const carePhone = `[${SUPPORT_CONTACT.phone}](${telHref(SUPPORT_CONTACT.phone)})`;
export const careHours = `${SUPPORT_CONTACT.hours}, excluding holidays`;
export const privacyEmail = `[${privacyContact.email}](${mailtoHref(privacyContact.email)})`;

/** The closing "Contact us" section; the Privacy Officer joins where privacy is the subject. */
export function contactSection(
  lead: string,
  opts: { privacyOfficer?: boolean; id?: string; heading?: string } = {},
): LegalSection {
  const lines = [
    `**Email:** ${opts.privacyOfficer ? `${privacyEmail} (Privacy Officer) or ` : ''}${careEmail}`,
    `**Phone (toll-free):** ${carePhone}, ${careHours}`,
    `**Mail:** ${opts.privacyOfficer ? 'Attn: Privacy Officer, ' : ''}${mailingAddress}`,
  ];
  return {
    id: opts.id ?? 'contact',
    heading: opts.heading ?? 'Contact us',
    blocks: [lead, { list: lines }],
  };
}
