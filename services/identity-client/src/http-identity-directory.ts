/**
 * The identity directory over HTTP (cluster mode): calls identity's internal routes with the
 * cluster's internal token. Answers are validated with the internal contract schemas; a non-2xx
 * answer, a malformed one, a network failure or no answer within `timeoutMs` rejects with an
 * IdentityDirectoryError saying which call failed and why. Nothing is retried: provisioning is
 * not idempotent for the caller (a retry after a lost answer returns `created: false`).
 */
import type { z } from 'zod';
import {
  changePatientContactResponseSchema,
  internalPaths,
  openCartSessionResponseSchema,
  patientContactResponseSchema,
  provisionPatientResponseSchema,
  resolveSessionRequestSchema,
  resolveSessionResponseSchema,
  staffMemberResponseSchema,
  type ChangePatientContactRequest,
  type ChangePatientContactResponse,
  type OpenCartSessionRequest,
  type OpenCartSessionResponse,
  type PatientContact,
  type Principal,
  type ProvisionPatientRequest,
  type ProvisionPatientResponse,
  type StaffMember,
} from '@clinic/contracts';
import { describeIssues, INTERNAL_CALL_HEADER, type PrincipalSigner } from '@clinic/kit';
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
  private readonly baseUrl: string;

  constructor(
    baseUrl: string,
    private readonly principals: PrincipalSigner,
    private readonly timeoutMs = 5000,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async resolveSession(token: string): Promise<Principal | null> {
    // Identity refuses over-long tokens as bad input; to the caller they are simply no session.
    if (!resolveSessionRequestSchema.safeParse({ token }).success) return null;
    const answer = await this.call(
      internalPaths.resolveSession,
      { token },
      resolveSessionResponseSchema,
    );
    return answer.principal;
  }

  provisionPatient(request: ProvisionPatientRequest): Promise<ProvisionPatientResponse> {
    return this.call(internalPaths.provisionPatient, request, provisionPatientResponseSchema);
  }

  openCartSession(request: OpenCartSessionRequest): Promise<OpenCartSessionResponse> {
    return this.call(internalPaths.openCartSession, request, openCartSessionResponseSchema);
  }

  async patientContact(userId: number): Promise<PatientContact | null> {
    const answer = await this.call(
      internalPaths.patientContact,
      { userId },
      patientContactResponseSchema,
    );
    return answer.contact;
  }

  changePatientContact(
    request: ChangePatientContactRequest,
  ): Promise<ChangePatientContactResponse> {
    return this.call(
      internalPaths.changePatientContact,
      request,
      changePatientContactResponseSchema,
    );
  }

  async staffMember(userId: number): Promise<StaffMember | null> {
    const answer = await this.call(
      internalPaths.staffMember,
      { userId },
      staffMemberResponseSchema,
    );
    return answer.staff;
  }

  private async call<S extends z.ZodType>(
    path: string,
    payload: unknown,
    schema: S,
  ): Promise<z.infer<S>> {
    const what = `identity ${path}`;
    let res: Response;
    let text: string;
    try {
      res = await fetch(`${this.baseUrl}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [INTERNAL_CALL_HEADER]: this.principals.internalToken(),
        },
        body: JSON.stringify(payload),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      text = await res.text();
    } catch (err) {
      // Checked by shape: fetch's DOMException and TypeError need not share this realm's Error.
      const { name, message, cause } = (err ?? {}) as {
        name?: unknown;
        message?: unknown;
        cause?: unknown;
      };
      const reason = (cause as { message?: unknown } | undefined)?.message ?? message ?? err;
      throw new IdentityDirectoryError(
        name === 'TimeoutError'
          ? `${what} did not answer within ${this.timeoutMs} ms`
          : `${what} could not be reached: ${String(reason)}`,
      );
    }
    const body = parseJson(text);
    if (!res.ok) {
      const message = (body as { message?: unknown } | undefined)?.message;
      throw new IdentityDirectoryError(
        `${what} answered ${res.status}: ${typeof message === 'string' ? message : res.statusText}`,
        res.status,
      );
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success)
      throw new IdentityDirectoryError(
        `${what} answered outside its contract: ${describeIssues(parsed.error)}`,
        res.status,
      );
    return parsed.data;
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
