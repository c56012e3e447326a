/**
 * What other parts of the system ask identity directly, because they need the answer within one
 * request: the gateway turns a bearer token into the caller, intake turns a qualified lead into
 * a patient account with a session. In single-node mode the calls run in-process
 * (LocalIdentityDirectory); in cluster mode they go over HTTP to identity's internal routes,
 * authenticated with the cluster secret (HttpIdentityDirectory). Both pass one shared suite (identity-directory.suite.ts in @clinic/identity).
 */
import type {
  ChangePatientContactRequest,
  ChangePatientContactResponse,
  ClinicianProfile,
  OpenCartSessionRequest,
  OpenCartSessionResponse,
  PatientContact,
  Principal,
  ProvisionPatientRequest,
  ProvisionPatientResponse,
  SessionActivity,
  StaffMember,
} from '@clinic/contracts';

export interface IdentityDirectory {
  /**
   * The caller behind a bearer token, or null for an unknown, expired or revoked one. `person`
   * (a request the person made, as the gateway sees it) moves a staff session's idle deadline;
   * absent or `background` (a page's refresh, a socket's re-check) leaves it where it is.
   */
  resolveSession(token: string, activity?: SessionActivity): Promise<Principal | null>;
  /**
   * Creates the patient account of a qualified lead, without a password, emails the patient a
   * set-your-password link and opens a session. An email that already has an account gets
   * neither a second account nor a session (`created: false`).
   */
  provisionPatient(request: ProvisionPatientRequest): Promise<ProvisionPatientResponse>;
  /**
   * Opens a session scoped to one cart for its patient (checkout's cart link), ending at
   * `expiresAt`. A staff account, an unknown id or a past end gets `session: null`.
   */
  openCartSession(request: OpenCartSessionRequest): Promise<OpenCartSessionResponse>;
  /**
   * A patient's email, name, phone, gender, state, health id, height and weight; null for staff
   * or an unknown id.
   */
  patientContact(userId: number): Promise<PatientContact | null>;
  /**
   * Applies a patient's new phone or email (verification's update-phone and update-email) and
   * publishes `patient-contact-changed`; refuses an email another account has.
   */
  changePatientContact(request: ChangePatientContactRequest): Promise<ChangePatientContactResponse>;
  /**
   * A member of staff's name and role (the clinic names who claimed or decided a case); null for
   * a patient or an unknown id.
   */
  staffMember(userId: number): Promise<StaffMember | null>;
  /**
   * The id of the account that holds an email (compared case-insensitively, any role), or null
   * when none does: the chat's "Existing user found.".
   */
  userIdByEmail(email: string): Promise<number | null>;
  /**
   * The professional profile of a clinician (Doctor on Demand's doctor profile): "Dr. First Last",
   * NPI, bio and image URL, '' where unset. Null for an account that does not review cases (only
   * clinicians and admins do) or an unknown id.
   */
  clinicianProfile(userId: number): Promise<ClinicianProfile | null>;
}
