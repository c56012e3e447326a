import { z } from 'zod';
import { defineEvent } from './envelope';

const address = z.object({
  address_line_1: z.string(),
  address_line_2: z.string().nullable(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
});

/**
 * A patient's shipping address was saved: by checkout after a payment (the address typed on the
 * checkout page) or by verification (the address confirmed at /verify, in USPS standard form).
 * Each service keeps the newest by `savedAt`: verification validates it on /verify, checkout
 * ships the next orders to it.
 */
export const shippingAddressSaved = defineEvent({
  name: 'shipping-address-saved',
  version: 1,
  keyOf: (d) => String(d.userId),
  description:
    "A patient's shipping address was saved (source checkout or verification); consumers keep the newest by savedAt.",
  schema: z.object({
    userId: z.number().int(),
    source: z.enum(['checkout', 'verification']),
    address,
    savedAt: z.iso.datetime(),
  }),
});

/**
 * A patient changed their phone or email at /verify; identity applied it to the account in the
 * same transaction. Codes sent to the old value no longer count.
 */
export const patientContactChanged = defineEvent({
  name: 'patient-contact-changed',
  version: 1,
  keyOf: (d) => String(d.userId),
  description: "A patient's phone or email changed in identity (the new value).",
  schema: z.object({
    userId: z.number().int(),
    field: z.enum(['phone', 'email']),
    value: z.string(),
    changedAt: z.iso.datetime(),
  }),
});

/** A patient verified their phone or email with a code, or skipped it (spec 000 section 4). */
export const contactVerification = defineEvent({
  name: 'contact-verification',
  version: 1,
  keyOf: (d) => String(d.userId),
  description:
    "A patient's phone or email was verified with a code or the step was skipped, and when.",
  schema: z.object({
    userId: z.number().int(),
    channel: z.enum(['phone', 'email']),
    outcome: z.enum(['verified', 'skipped']),
    at: z.iso.datetime(),
  }),
});
