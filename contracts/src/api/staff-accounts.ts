/**
 * The admin console's staff accounts (issue 30): the list, an invitation by email (the account
 * is made without a usable password and the invitee sets one from the emailed link), a change of
 * role, disabling (every session and live socket of the person ends at once) and enabling again.
 * Admins only. The clinic always keeps one enabled admin: the last one can be neither disabled
 * nor given another role.
 */
import { z } from 'zod';
import { staffRoleSchema } from './console';
import { simpleEmailPattern } from '../rules/intake';
import { numeric, requiredText, rowId, text } from './fields';
import { defineRoute } from './route';

export const staffAccountMessages = {
  invited: 'Invitation sent. They can set their password from the email we sent them.',
  roleChanged: 'Role changed.',
  disabled: 'Account disabled. They were logged out everywhere.',
  enabled: 'Account enabled. They can log in again.',
  emailTaken: 'An account with this email already exists.',
  notFound: 'There is no staff account with this id.',
  lastAdmin:
    'This is the last enabled admin account. Make another person an admin first: the clinic always needs one.',
} as const;

export const staffAccountSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  enabled: z.boolean(),
  /** Whether an authenticator app is enrolled (two-factor login set up). */
  two_factor: z.boolean(),
  /** Whether the invitee has set a password yet. */
  password_set: z.boolean(),
  /** The last successful login, or null when unknown (never, or before this was kept). */
  last_login_at: z.iso.datetime().nullable(),
});
export type StaffAccount = z.infer<typeof staffAccountSchema>;

const accountAnswer = z.object({
  status: z.literal('success'),
  message: z.string(),
  account: staffAccountSchema,
});

const idParams = z.object({ id: numeric(rowId()) });

export const staffAccountList = defineRoute({
  method: 'get',
  path: '/api/console/staff',
  service: 'identity',
  auth: 'staff',
  staffRoles: [],
  summary:
    'Every staff account, admins first then by name: role, enabled, two-factor enrolled, last login. Admins only.',
  response: z.object({ status: z.literal('success'), staff: z.array(staffAccountSchema) }),
});

export const inviteStaff = defineRoute({
  method: 'post',
  path: '/api/console/staff',
  service: 'identity',
  auth: 'staff',
  staffRoles: [],
  summary:
    'Invites a staff member: makes the account (no usable password) and emails a link to set the password (valid 72 hours); the first login then enrols an authenticator app. 409 when the email has an account. Audited as staff.invite.',
  body: z
    .object({
      email: text(256)
        .trim()
        .regex(simpleEmailPattern, 'Enter a valid email address')
        .toLowerCase(),
      first_name: requiredText(100, 'First name is required'),
      last_name: requiredText(100, 'Last name is required'),
      role: staffRoleSchema,
    })
    .strict(),
  response: accountAnswer,
});

export const changeStaffRole = defineRoute({
  method: 'post',
  path: '/api/console/staff/:id/role',
  service: 'identity',
  auth: 'staff',
  staffRoles: [],
  summary:
    'Gives a staff account another role (from its next request on). 409 for the last enabled admin. Audited as staff.role.',
  params: idParams,
  body: z.object({ role: staffRoleSchema }).strict(),
  response: accountAnswer,
});

export const disableStaff = defineRoute({
  method: 'post',
  path: '/api/console/staff/:id/disable',
  service: 'identity',
  auth: 'staff',
  staffRoles: [],
  summary:
    'Disables a staff account: no login, every session ends at once and its live sockets (chat, live conversions) close. 409 for the last enabled admin. Audited as staff.disable.',
  params: idParams,
  response: accountAnswer,
});

export const enableStaff = defineRoute({
  method: 'post',
  path: '/api/console/staff/:id/enable',
  service: 'identity',
  auth: 'staff',
  staffRoles: [],
  summary: 'Enables a disabled staff account again. Audited as staff.enable.',
  params: idParams,
  response: accountAnswer,
});
