import { z } from 'zod';
import { defineEvent } from './envelope';

/**
 * A clinician denied an order's medical assessment. Published by the clinic service (a later
 * issue); checkout refunds the order's payments in full, as the spec promises ("an instant
 * refund if the patient is not approved").
 */
export const assessmentDenied = defineEvent({
  name: 'assessment-denied',
  version: 1,
  keyOf: (d) => String(d.orderId),
  description:
    "A clinician denied the order's assessment; checkout refunds it and ends its subscription.",
  schema: z.object({
    orderId: z.number().int(),
    userId: z.number().int().nullable(),
    reason: z.string().max(2000).nullable(),
    deniedAt: z.iso.datetime(),
  }),
});
