import { z } from 'zod';
import { roles } from '../rules/roles';
import { defineRoute } from './route';

/** The roles that may open the staff console: every role but the patient's. */
export const staffRoleSchema = z.enum(roles).exclude(['patient']);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/**
 * The console's navigation (BRIEF sections 1 and 4): each entry is the work of one staff role, in
 * the order its navigation lists them. Admins may open every entry.
 */
export const consoleSections = [
  { key: 'review-queue', label: 'Review queue', role: 'clinician' },
  { key: 'decisions', label: 'Decisions', role: 'clinician' },
  { key: 'prescriptions', label: 'Prescriptions', role: 'clinician' },
  { key: 'patient-messages', label: 'Patient messages', role: 'clinician' },
  { key: 'chat-inbox', label: 'Chat inbox', role: 'support' },
  { key: 'orders-to-place', label: 'Orders to place', role: 'pharmacy' },
  { key: 'shipments', label: 'Shipments', role: 'pharmacy' },
  { key: 'reships', label: 'Reships', role: 'pharmacy' },
  { key: 'conversion-funnel', label: 'Conversion funnel', role: 'marketing' },
  { key: 'live-conversions', label: 'Live conversions', role: 'marketing' },
  { key: 'affiliate-conversions', label: 'Affiliate conversions', role: 'marketing' },
  { key: 'products', label: 'Products', role: 'admin' },
  { key: 'prices', label: 'Prices', role: 'admin' },
  { key: 'offers', label: 'Offers', role: 'admin' },
  { key: 'coupons', label: 'Coupons', role: 'admin' },
  { key: 'state-rules', label: 'State rules', role: 'admin' },
  { key: 'staff-accounts', label: 'Staff accounts', role: 'admin' },
  { key: 'privacy-requests', label: 'Privacy requests', role: 'admin' },
  { key: 'audit-trail', label: 'Audit trail', role: 'admin' },
] as const satisfies readonly { key: string; label: string; role: StaffRole }[];

export type ConsoleSectionKey = (typeof consoleSections)[number]['key'];

/** The entries a role may open, in navigation order. */
export function consoleSectionsFor(role: StaffRole): { key: ConsoleSectionKey; label: string }[] {
  return consoleSections
    .filter((section) => role === 'admin' || section.role === role)
    .map(({ key, label }) => ({ key, label }));
}

export const consoleSectionSchema = z.object({
  key: z.enum(consoleSections.map((section) => section.key)),
  label: z.string(),
});
export type ConsoleSection = z.infer<typeof consoleSectionSchema>;

export const consoleMeResponseSchema = z.object({
  status: z.literal('success'),
  staff: z.object({
    id: z.number().int(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    role: staffRoleSchema,
  }),
  /** Never empty: every staff role has at least one section. */
  sections: z.array(consoleSectionSchema).min(1),
});
export type ConsoleMe = z.infer<typeof consoleMeResponseSchema>;

/**
 * The console's own check of its caller, so the console never relies on the browser alone: a
 * patient's token gets 403, no token 401.
 */
export const consoleMe = defineRoute({
  method: 'get',
  path: '/api/console/me',
  service: 'identity',
  auth: 'staff',
  summary:
    'The staff member opening the console (name, email, role) and the navigation sections their role may open (admins: all).',
  response: consoleMeResponseSchema,
});
