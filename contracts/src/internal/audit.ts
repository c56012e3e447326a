/**
 * One service's audit read, for the gateway's merged trail (issue 30): the same filters for
 * every service, asked over HTTP in cluster mode at each service's internal path with the
 * cluster's internal token and the admin's signed principal. Never routed by the gateway.
 */
import { z } from 'zod';
import { auditActions, auditEntrySchema } from '../api/audit';

export const auditInternalPath = '/internal/audit';

/** The most lines one service gives per read (a CSV export reads its cap plus one). */
export const auditReadMaxLines = 10_001;

export const auditReadRequestSchema = z.object({
  staffId: z.number().int().positive().optional(),
  patientId: z.number().int().positive().optional(),
  orderId: z.number().int().positive().optional(),
  action: z.enum(auditActions).optional(),
  /** Lines at or after this moment. */
  from: z.iso.datetime().optional(),
  /** Lines before this moment. */
  until: z.iso.datetime().optional(),
  /** Lines older than this one: earlier, or at the same moment with a smaller id. */
  before: z.object({ at: z.iso.datetime(), id: z.number().int().nonnegative() }).optional(),
  limit: z.number().int().min(1).max(auditReadMaxLines),
});
export type AuditReadRequest = z.infer<typeof auditReadRequestSchema>;

export const auditReadAnswerSchema = z.object({ entries: z.array(auditEntrySchema) });
export type AuditReadAnswer = z.infer<typeof auditReadAnswerSchema>;
