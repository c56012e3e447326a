/**
 * The identity directory in-process (single-node mode): the same domain code as identity's
 * internal routes, on identity's own runtime, without HTTP. Input is validated with the same
 * schemas, so a bad request fails here as it would over HTTP.
 */
import {
  changePatientContactRequestSchema,
  clinicianProfileRequestSchema,
  openCartSessionRequestSchema,
  patientContactRequestSchema,
  provisionPatientRequestSchema,
  resolveSessionRequestSchema,
  staffMemberRequestSchema,
  userIdByEmailRequestSchema,
} from '@clinic/contracts';
import type { ServiceRuntime } from '@clinic/kit';
import type { IdentityDeps } from '../deps';
import { changePatientContact } from '../domain/change-contact';
import { clinicianProfile } from '../domain/clinician-profiles';
import { openCartSession, patientContact, userIdByEmail } from '../domain/patient-session';
import { provisionPatient } from '../domain/provision-patient';
import { resolveSession } from '../domain/sessions';
import { staffMember } from '../domain/staff-members';
import { parseOrRefuse } from '../domain/validation';
import type { IdentityDirectory } from '@clinic/identity-client';

export function createLocalIdentityDirectory(
  runtime: ServiceRuntime,
  deps: IdentityDeps,
): IdentityDirectory {
  return {
    async resolveSession(token, activity) {
      // An over-long token is no session, here as over HTTP (HttpIdentityDirectory).
      if (!resolveSessionRequestSchema.safeParse({ token }).success) return null;
      return resolveSession(runtime.db, token, runtime.clock.now(), activity);
    },
    async provisionPatient(request) {
      return provisionPatient(runtime, deps, parseOrRefuse(provisionPatientRequestSchema, request));
    },
    async openCartSession(request) {
      return openCartSession(runtime, parseOrRefuse(openCartSessionRequestSchema, request));
    },
    async patientContact(userId) {
      const request = parseOrRefuse(patientContactRequestSchema, { userId });
      return patientContact(runtime, request.userId);
    },
    async changePatientContact(request) {
      return changePatientContact(
        runtime,
        parseOrRefuse(changePatientContactRequestSchema, request),
      );
    },
    async staffMember(userId) {
      const request = parseOrRefuse(staffMemberRequestSchema, { userId });
      return staffMember(runtime.db, request.userId);
    },
    async userIdByEmail(email) {
      const request = parseOrRefuse(userIdByEmailRequestSchema, { email });
      return userIdByEmail(runtime, request.email);
    },
    async clinicianProfile(userId) {
      const request = parseOrRefuse(clinicianProfileRequestSchema, { userId });
      return clinicianProfile(runtime.db, request.userId);
    },
  };
}
