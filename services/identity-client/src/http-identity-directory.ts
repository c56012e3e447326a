/**
 * The identity directory over HTTP (cluster mode): calls identity's internal routes with the
 * cluster's internal token. Answers are validated with the internal contract schemas; a non-2xx
 * answer, a malformed one, a network failure or no answer within `timeoutMs` rejects with an
 * IdentityDirectoryError saying which call failed and why. Nothing is retried: provisioning is
 * not idempotent for the caller (a retry after a lost answer returns `created: false`).
 */
import {
  changePatientContactResponseSchema,
  clinicianProfileResponseSchema,
  internalPaths,
  openCartSessionResponseSchema,
  patientContactResponseSchema,
  provisionPatientResponseSchema,
  resolveSessionRequestSchema,
  resolveSessionResponseSchema,
  staffMemberResponseSchema,
  userIdByEmailResponseSchema,
  type ChangePatientContactRequest,
  type ChangePatientContactResponse,
  type ClinicianProfile,
  type OpenCartSessionRequest,
  type OpenCartSessionResponse,
  type PatientContact,
  type Principal,
  type ProvisionPatientRequest,
  type ProvisionPatientResponse,
  type SessionActivity,
  type StaffMember,
} from '@clinic/contracts';
import { InternalClient, type PrincipalSigner } from '@clinic/kit';
import type { IdentityDirectory } from './identity-directory';

export class IdentityDirectoryError extends Error {
  override name = 'IdentityDirectoryError';

  constructor(
    message: string,
    /** The HTTP status identity answered with, when it answered. */
    readonly status?: number,
  ) {
    super(message);
  }
}

export class HttpIdentityDirectory implements IdentityDirectory {
  private readonly client: InternalClient;

  constructor(baseUrl: string, principals: PrincipalSigner, timeoutMs = 5000) {
    this.client = new InternalClient(
      'identity',
      baseUrl,
      principals,
      timeoutMs,
      (message, status) => new IdentityDirectoryError(message, status),
    );
  }

  async resolveSession(token: string, activity?: SessionActivity): Promise<Principal | null> {
    // Identity refuses over-long tokens as bad input; to the caller they are simply no session.
    if (!resolveSessionRequestSchema.safeParse({ token }).success) return null;
    const answer = await this.client.call(
      internalPaths.resolveSession,
      activity ? { token, activity } : { token },
      resolveSessionResponseSchema,
    );
    return answer.principal;
  }

  provisionPatient(request: ProvisionPatientRequest): Promise<ProvisionPatientResponse> {
    return this.client.call(
      internalPaths.provisionPatient,
      request,
      provisionPatientResponseSchema,
    );
  }

  openCartSession(request: OpenCartSessionRequest): Promise<OpenCartSessionResponse> {
    return this.client.call(internalPaths.openCartSession, request, openCartSessionResponseSchema);
  }

  async patientContact(userId: number): Promise<PatientContact | null> {
    const answer = await this.client.call(
      internalPaths.patientContact,
      { userId },
      patientContactResponseSchema,
    );
    return answer.contact;
  }

  changePatientContact(
    request: ChangePatientContactRequest,
  ): Promise<ChangePatientContactResponse> {
    return this.client.call(
      internalPaths.changePatientContact,
      request,
      changePatientContactResponseSchema,
    );
  }

  async staffMember(userId: number): Promise<StaffMember | null> {
    const answer = await this.client.call(
      internalPaths.staffMember,
      { userId },
      staffMemberResponseSchema,
    );
    return answer.staff;
  }

  async userIdByEmail(email: string): Promise<number | null> {
    const answer = await this.client.call(
      internalPaths.userIdByEmail,
      { email },
      userIdByEmailResponseSchema,
    );
    return answer.userId;
  }

  async clinicianProfile(userId: number): Promise<ClinicianProfile | null> {
    const answer = await this.client.call(
      internalPaths.clinicianProfile,
      { userId },
      clinicianProfileResponseSchema,
    );
    return answer.profile;
  }
}
