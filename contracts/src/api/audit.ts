/**
 * The one audit trail (issue 30): every service writes its lines to its own `audit_trail` (the
 * kit's), and the gateway merges them for the admin, newest first, with one set of filters and a
 * CSV export of the same list. A line names who, what, whose and which record, never the content.
 */
import { z } from 'zod';
import { serviceNames } from '../services';
import { numeric, rowId, text } from './fields';
import { defineRoute } from './route';

/** Every action each service writes, by service: one list, so the admin can filter by any. */
export const auditActionsOf = {
  clinic: [
    'case.list',
    'case.read',
    'file.read',
    'fhir.read',
    'case.claim',
    'case.release',
    'case.approve',
    'case.deny',
    'case.request',
    'side-effect.answer',
    'missed-doses.answer',
  ],
  chat: [
    'conversation.list',
    'conversation.read',
    'conversation.watch',
    'conversation.claim',
    'conversation.reply',
    'conversation.close',
    'doctor-thread.list',
    'doctor-thread.read',
    'doctor-thread.reply',
    'patient-account.read',
  ],
  fulfillment: [
    'shipment.list',
    'shipment.read',
    'shipment.place',
    'shipment.pause',
    'shipment.ship',
    'shipment.deliver',
    'reship.list',
    'reship.read-photo',
    'reship.approve',
    'reship.refuse',
  ],
  gateway: ['patient-orders.read'],
  identity: [
    'privacy-request.list',
    'privacy-request.verify',
    'privacy-request.close',
    'staff.invite',
    'staff.role',
    'staff.disable',
    'staff.enable',
  ],
  checkout: [
    'affiliate-conversion.retry',
    'catalog.change',
    'offers.change',
    'coupon.create',
    'coupon.change',
  ],
  intake: ['state-rules.change'],
} as const;

/** The services that write audit lines. */
export type AuditingService = keyof typeof auditActionsOf;
/** The actions one service writes: its recorder is typed by them (`runtime.audit.of<...>()`). */
export type AuditActionOf<S extends AuditingService> = (typeof auditActionsOf)[S][number];

export const auditActions = [
  ...auditActionsOf.clinic,
  ...auditActionsOf.chat,
  ...auditActionsOf.fulfillment,
  ...auditActionsOf.gateway,
  ...auditActionsOf.identity,
  ...auditActionsOf.checkout,
  ...auditActionsOf.intake,
] as const;
export type AuditAction = (typeof auditActions)[number];

export const auditEntrySchema = z.object({
  /** The service whose trail holds the line (ids are per service). */
  service: z.enum(serviceNames),
  id: z.number().int(),
  at: z.iso.datetime(),
  /** The name is the one the service knew when it wrote the line, if any. */
  staff: z.object({ id: z.number().int(), name: z.string().nullable(), role: z.string() }),
  action: z.enum(auditActions),
  orderId: z.number().int().nullable(),
  patientId: z.number().int().nullable(),
  /** What was read or decided (a file name, a FHIR resource), never its content. */
  subject: z.string().nullable(),
  /** The service's own ids of what the line concerns, e.g. `{ conversation: 4 }`. */
  refs: z.record(z.string(), z.number()),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/**
 * Where a page ends: the last line's time, service and id (`2026-11-27T21:00:00.000Z_chat_12`).
 * The merged list is ordered by exactly these, newest first, so a page never repeats or skips a
 * line whichever services wrote it.
 */
export const auditCursorPattern = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z)_([a-z]+)_(\d{1,15})$/;

const auditFilters = {
  staffId: numeric(rowId()).optional(),
  patientId: numeric(rowId()).optional(),
  orderId: numeric(rowId()).optional(),
  action: z.enum(auditActions, { error: 'Choose an action from the list.' }).optional(),
  /** UTC days, both ends included. */
  from: z.iso.date({ error: 'Enter the first day as YYYY-MM-DD.' }).optional(),
  to: z.iso.date({ error: 'Enter the last day as YYYY-MM-DD.' }).optional(),
};

function checkDays(range: { from?: string; to?: string }, ctx: z.RefinementCtx): void {
  if (range.from && range.to && range.to < range.from)
    ctx.addIssue({ code: 'custom', path: ['to'], message: 'The last day is before the first.' });
}

export const auditFilterSchema = z.object(auditFilters).superRefine(checkDays);
export type AuditFilter = z.infer<typeof auditFilterSchema>;

export const auditQuerySchema = z
  .object({
    ...auditFilters,
    before: text(60).regex(auditCursorPattern, 'Use the `next` of the previous page.').optional(),
    limit: numeric(rowId().max(200)).default(50),
  })
  .superRefine(checkDays);
export type AuditQuery = z.input<typeof auditQuerySchema>;

export const auditTrail = defineRoute({
  method: 'get',
  path: '/api/console/audit',
  service: 'gateway',
  auth: 'staff',
  staffRoles: [],
  summary:
    "The clinic's one audit trail (admins): every service's lines (staff reads of health information, decisions, admin changes) merged newest first; filter by staff member, patient, order, action and UTC days, page with `before`. `missing` names any service that did not answer: its lines are not in the page.",
  query: auditQuerySchema,
  response: z.object({
    status: z.literal('success'),
    entries: z.array(auditEntrySchema),
    /** Pass as `before` for the next page; null on the last. */
    next: z.string().nullable(),
    missing: z.array(z.enum(serviceNames)),
  }),
});

export const auditTrailCsv = defineRoute({
  method: 'get',
  path: '/api/console/audit.csv',
  service: 'gateway',
  auth: 'staff',
  staffRoles: [],
  summary:
    'The same filtered audit trail as CSV (newest first, at most 10,000 lines; the header X-Audit-Truncated says when there were more). Refused with 503 naming the services that did not answer: an export is never silently incomplete.',
  query: auditFilterSchema,
  response: z.unknown(),
  responseContentType: 'text/csv',
});
