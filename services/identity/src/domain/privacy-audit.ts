import type { AuditTrail, ServiceRuntime } from '@clinic/kit';

export type PrivacyAuditAction =
  'privacy-request.list' | 'privacy-request.verify' | 'privacy-request.close';

/**
 * Identity's lines on the kit's audit trail for the privacy requests: an admin read the list
 * (names, emails and what each requester asked), or moved one request a step. A line names the
 * request by its reference only, never the requester's name, email or words. The list is
 * recorded before it is answered; a step in the transaction that makes it, so neither happens
 * unrecorded.
 */
export function privacyAudit(runtime: ServiceRuntime): AuditTrail<PrivacyAuditAction> {
  return runtime.audit.of<PrivacyAuditAction>();
}
