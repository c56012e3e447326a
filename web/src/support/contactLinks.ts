/** Links that open the phone's dialer or the mail app for the clinic's contact details. */

/** "(888) 555-0142" as "tel:+18885550142": US numbers, dialable from anywhere. */
export function telHref(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}

export function mailtoHref(email: string): string {
  return `mailto:${email}`;
}
