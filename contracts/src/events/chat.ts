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

/**
 * The patient wrote in Doctor on Demand, on the visit of an order: a note the doctor left them
 * before it is answered, so the order's card stops asking them to. It names the order and the
 * message, never what was written.
 */
export const patientWroteToDoctor = defineEvent({
  name: 'patient-wrote-to-doctor',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "The patient wrote to their doctor in Doctor on Demand on an order's visit (the order and the message; never the text).",
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int(),
    messageId: z.number().int(),
    writtenAt: z.iso.datetime(),
  }),
});
