/**
 * One service's audit read, for the admin's merged trail (the gateway fans out to every
 * service's and merges the answers). The same filters for every service (AuditTrail.search).
 *
 * Guarantees:
 * - the internal route answers only a caller that holds the cluster's internal token and passes
 *   an admin's principal signed with the same secret within the last minute: a service's own
 *   token alone, or a clinician's principal, reads nothing (403). The gateway never routes
 *   /internal, so it is not reachable from outside;
 * - every line leaves checked against the contract (an action missing from the contracts' list
 *   fails the read loudly instead of reaching the admin unnamed);
 * - the read itself is not a read of health information (who read what, never the content), so it
 *   writes no line of its own.
 */
import { Router } from 'express';
import {
  auditInternalPath,
  auditReadAnswerSchema,
  auditReadRequestSchema,
  type AuditEntry,
  type AuditReadRequest,
  type Principal,
  type ServiceName,
} from '@clinic/contracts';
import { internalOnly, principalOf, type PrincipalSigner } from '../auth/principal';
import { InternalClient } from '../auth/internal-client';
import type { Executor } from '../db/database';
import { HttpError, describeIssues } from '../http/errors';
import type { AuditSearch, AuditTrail } from './audit-trail';

function searchOf(request: AuditReadRequest): AuditSearch {
  return {
    staffId: request.staffId,
    patientId: request.patientId,
    orderId: request.orderId,
    action: request.action,
    from: request.from === undefined ? undefined : new Date(request.from),
    until: request.until === undefined ? undefined : new Date(request.until),
    before:
      request.before === undefined
        ? undefined
        : { at: new Date(request.before.at), id: request.before.id },
    limit: request.limit,
  };
}

/** The lines of `trail` for one read, as the contract carries them. */
export async function readAuditLines(
  trail: AuditTrail,
  executor: Executor,
  request: AuditReadRequest,
): Promise<AuditEntry[]> {
  const found = await trail.search(executor, searchOf(request));
  return auditReadAnswerSchema.parse({
    entries: found.map((line) => ({ ...line, at: line.at.toISOString() })),
  }).entries;
}

/** The service's side of the read, mounted on every service by `bootService`. */
export function auditReadRoute(
  trail: AuditTrail,
  executor: Executor,
  principals: PrincipalSigner,
): Router {
  const router = Router();
  router.post(auditInternalPath, internalOnly(principals), async (req, res) => {
    const principal = principalOf(res.locals as Record<string, unknown>);
    if (principal?.role !== 'admin') throw new HttpError(403, 'Forbidden');
    const parsed = auditReadRequestSchema.safeParse(req.body);
    if (!parsed.success) throw new HttpError(400, describeIssues(parsed.error));
    res.json({ entries: await readAuditLines(trail, executor, parsed.data) });
  });
  return router;
}

/** Where the gateway reads one service's trail: in-process, or over HTTP in cluster mode. */
export interface AuditSource {
  service: ServiceName;
  read(request: AuditReadRequest, admin: Principal): Promise<AuditEntry[]>;
}

/** A service booted in this process (single-node mode, and the gateway's own trail). */
export function localAuditSource(
  service: ServiceName,
  runtime: { audit: AuditTrail; db: Executor },
): AuditSource {
  return { service, read: (request) => readAuditLines(runtime.audit, runtime.db, request) };
}

/**
 * A service in its own processes (cluster mode): `pickUrl` names an instance in rotation (none:
 * the read fails, and the gateway says the service is missing).
 */
export function httpAuditSource(
  service: ServiceName,
  pickUrl: () => string | undefined,
  principals: PrincipalSigner,
  timeoutMs: number,
): AuditSource {
  const fail = (message: string) => new Error(message);
  return {
    service,
    async read(request, admin) {
      const url = pickUrl();
      if (!url) throw fail(`${service} has no instance in rotation`);
      const client = new InternalClient(service, url, principals, timeoutMs, fail);
      const answer = await client.call(
        auditInternalPath,
        request,
        auditReadAnswerSchema,
        principals.sign(admin),
      );
      return answer.entries;
    },
  };
}
