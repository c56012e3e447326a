import { z } from 'zod';
import { defineEvent } from './envelope';

/**
 * The chat posted a clinician's note (`clinician-note-written`) to the patient's Doctor on Demand
 * thread: the order's card can now send the patient there. It names the order and the message,
 * never what was written.
 */
export const doctorNotePosted = defineEvent({
  name: 'doctor-note-posted',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "A clinician's note is in the patient's Doctor on Demand thread (the order and the message; never the text).",
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    messageId: z.number().int(),
    postedAt: z.iso.datetime(),
  }),
});
