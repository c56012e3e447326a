import { z } from 'zod';
import { staffRoleSchema } from '../api/console';
import { doctorProfileSchema } from '../api/doctor';
import { cartSessionUserSchema, sessionUserSchema } from '../api/identity';
import { roles } from '../rules/roles';

/**
 * Calls between services, never published: the gateway resolving a bearer token, intake (and
 * checkout, for a guest's order) creating a patient's account. Carried in-process in single-node mode and over HTTP in cluster mode.
 */

/**
 * Who is calling, as the gateway established it from the session. `cartId` is set for a session
 * opened from a checkout link: it may pay that cart and finish that order's next steps, nothing
 * else (routes opt in with `allowCartSession`). `startedAt` (epoch ms) is when the session was
 * opened, for calls that need a recent login.
 */
export const principalSchema = z.object({
  userId: z.number().int(),
  role: z.enum(roles),
  sessionId: z.string(),
  startedAt: z.number().int(),
  cartId: z.string().nullable(),
});
export type Principal = z.infer<typeof principalSchema>;

/**
 * Whether a request came from the person (a click, a typed answer) or from the page by itself (a
 * console's background refresh). Only a person's request keeps a staff session from ending idle;
 * a caller that does not say is taken as background, so nothing extends a session by accident.
 */
export const sessionActivities = ['person', 'background'] as const;
export type SessionActivity = (typeof sessionActivities)[number];

export const resolveSessionRequestSchema = z.object({
  token: z.string().max(256),
  activity: z.enum(sessionActivities).optional(),
});
export const resolveSessionResponseSchema = z.object({ principal: principalSchema.nullable() });

/**
 * A qualified lead, or a guest's paid checkout, becomes a patient account without a password. A
 * guest's checkout knows no height, weight, gender or date of birth ('' and null): the medical
 * form asks for them.
 */
export const provisionPatientRequestSchema = z.object({
  email: z.string().max(256),
  first_name: z.string().max(50),
  last_name: z.string().max(50),
  phone: z.string().max(20),
  state: z.string().max(2),
  gender: z.string().max(16),
  height_inch: z.number().nullable(),
  weight: z.number().nullable(),
  dob: z.string().max(10),
  /**
   * The quiz's "agreed_to_text: 'Yes'": the new account starts with "Text me updates" on. Absent
   * (a guest checkout, a caller from before this field) is no consent.
   */
  text_updates: z.boolean().optional(),
});
export type ProvisionPatientRequest = z.infer<typeof provisionPatientRequestSchema>;

/**
 * `created`: a new account, with a session for the browser. An email that already has an account
 * gets neither a second account nor a session.
 */
export const provisionPatientResponseSchema = z.discriminatedUnion('created', [
  z.object({ created: z.literal(true), user: sessionUserSchema, token: z.string() }),
  z.object({ created: z.literal(false), userId: z.number().int() }),
]);
export type ProvisionPatientResponse = z.infer<typeof provisionPatientResponseSchema>;

/**
 * A session scoped to one cart, for the patient of a checkout link (checkout vouches for the
 * link): it ends at `expiresAt` and opens only what finishing that order needs. Staff accounts
 * and unknown ids get none. The user is only what the checkout page shows.
 */
export const openCartSessionRequestSchema = z.object({
  userId: z.number().int().positive(),
  cartId: z.string().min(1).max(64),
  expiresAt: z.iso.datetime(),
});
export type OpenCartSessionRequest = z.infer<typeof openCartSessionRequestSchema>;
export const openCartSessionResponseSchema = z.object({
  session: z.object({ user: cartSessionUserSchema, token: z.string() }).nullable(),
});
export type OpenCartSessionResponse = z.infer<typeof openCartSessionResponseSchema>;

/**
 * How to reach a patient, for services that email them (checkout's billing notices), with what
 * the medical form needs of the account: the gender (question 0 is for women), the state of the
 * account and the health record id the clinic gave it; and the height and weight the quiz gave
 * (the clinician's BMI), null when the account has none.
 */
export const patientContactRequestSchema = z.object({ userId: z.number().int().positive() });
export const patientContactSchema = z.object({
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  gender: z.enum(['Male', 'Female']).nullable(),
  state: z.string(),
  health_id: z.string().nullable(),
  height_inch: z.number().nullable(),
  weight: z.number().nullable(),
  /** The patient's "Text me updates" choice on the Profile tab (spec 002). */
  text_updates: z.boolean(),
});
export const patientContactResponseSchema = z.object({ contact: patientContactSchema.nullable() });
export type PatientContact = z.infer<typeof patientContactSchema>;

/**
 * A patient's new phone (10 digits) or email (lower case), from /verify. `changed: false` with
 * `reason: 'email-taken'` when another account has the email; 'not-a-patient' for staff or an
 * unknown id. The same value again is a change that changes nothing (`changed: true`).
 */
export const changePatientContactRequestSchema = z.object({
  userId: z.number().int().positive(),
  field: z.enum(['phone', 'email']),
  value: z.string().min(1).max(256),
});
export type ChangePatientContactRequest = z.infer<typeof changePatientContactRequestSchema>;
export const changePatientContactResponseSchema = z.discriminatedUnion('changed', [
  z.object({ changed: z.literal(true) }),
  z.object({ changed: z.literal(false), reason: z.enum(['email-taken', 'not-a-patient']) }),
]);
export type ChangePatientContactResponse = z.infer<typeof changePatientContactResponseSchema>;

/**
 * A member of staff as another service names them (the clinic's claims, decisions and audit
 * trail): null for a patient or an unknown id.
 */
export const staffMemberRequestSchema = z.object({ userId: z.number().int().positive() });
export const staffMemberSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  role: staffRoleSchema,
});
export type StaffMember = z.infer<typeof staffMemberSchema>;
export const staffMemberResponseSchema = z.object({ staff: staffMemberSchema.nullable() });

/**
 * A clinician's professional profile, as the patient sees it (spec 002's Doctor on Demand: "Doctor
 * profile: name, npi, bio, image"; get-doc-profile's doctorProfileSchema and the account's id):
 * `name` is "Dr. First Last"; `npi`, `bio` and `image` (a URL path or address) are '' when the
 * account has none. Null for an account that does not review cases (a patient, support,
 * pharmacy, marketing) or an unknown id; admins review cases too.
 */
export const clinicianProfileRequestSchema = z.object({ userId: z.number().int().positive() });
export const clinicianProfileSchema = doctorProfileSchema.extend({ id: z.number().int() });
export type ClinicianProfile = z.infer<typeof clinicianProfileSchema>;
export const clinicianProfileResponseSchema = z.object({
  profile: clinicianProfileSchema.nullable(),
});

/** The account that holds an email (any case, any role), or null: the chat's "Existing user found.". */
export const userIdByEmailRequestSchema = z.object({ email: z.string().max(256) });
export const userIdByEmailResponseSchema = z.object({ userId: z.number().int().nullable() });

export const internalPaths = {
  resolveSession: '/internal/identity/resolve-session',
  provisionPatient: '/internal/identity/provision-patient',
  openCartSession: '/internal/identity/open-cart-session',
  patientContact: '/internal/identity/patient-contact',
  changePatientContact: '/internal/identity/change-patient-contact',
  staffMember: '/internal/identity/staff-member',
  userIdByEmail: '/internal/identity/user-id-by-email',
  clinicianProfile: '/internal/identity/clinician-profile',
} as const;
