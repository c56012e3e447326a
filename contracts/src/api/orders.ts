import { z } from 'zod';
import { defineRoute } from './route';

/**
 * A paid prescription order that waits for its medical assessment (spec 002, the form loader):
 * the portal's "Next step" links to /medical-form/{orderId}.
 */
export const pendingMedicalFormSchema = z.object({
  orderId: z.number().int(),
  /** The prescription's product (Tirzepatide, Semaglutide). */
  product_name: z.string(),
  /** When the order was paid (ISO 8601, UTC). */
  created_at: z.string(),
});
export type PendingMedicalForm = z.infer<typeof pendingMedicalFormSchema>;

export const pendingMedicalForms = defineRoute({
  method: 'get',
  path: '/api/pending-medical-forms',
  service: 'checkout',
  auth: 'patient',
  summary:
    "The caller's paid prescription orders that wait for the medical form (not denied, cancelled or refunded), oldest first.",
  response: z.object({
    status: z.literal('success'),
    orders: z.array(pendingMedicalFormSchema),
  }),
});
