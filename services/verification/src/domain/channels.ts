import {
  verificationChannels,
  type PatientContact,
  type VerificationChannel,
  type VerificationType,
} from '@clinic/contracts';

export function channelOf(type: VerificationType): VerificationChannel {
  return verificationChannels[type];
}

/** The account's phone or email, the code's destination; empty when the account has none. */
export function destinationOf(contact: PatientContact, channel: VerificationChannel): string {
  return channel === 'phone' ? contact.phone.replace(/\D/g, '') : contact.email;
}

/** Where a code went, shown to the patient without spelling the whole contact out. */
export function maskDestination(destination: string, channel: VerificationChannel): string {
  if (channel === 'phone') return `***-***-${destination.slice(-4)}`;
  const [local = '', domain = ''] = destination.split('@');
  return `${local.slice(0, 1)}***@${domain}`;
}
