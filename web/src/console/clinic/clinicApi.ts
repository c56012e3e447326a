/**
 * The clinician's calls (contracts/src/api/clinic.ts) through the typed client: the review queue,
 * claims, the case view, its files, the three decisions, the answers to a side-effect report and
 * to missed doses, and the audit trail (admins: every service's, merged by the gateway). Reads are React Query
 * options; every answer is parsed by the route's response schema.
 */
import {
  backgroundActivityHeaders,
  answerMissedDoses,
  answerSideEffect,
  approveCase,
  auditTrail,
  auditTrailCsv,
  caseFileReadUrl,
  caseView,
  claimCase,
  denyCase,
  orderNumber,
  releaseCase,
  requestMore,
  reviewQueue,
  type CaseFilter,
  type CaseSummary,
  type CaseView,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { callApi } from '../../api/client';
import { callApiForBlob } from '../../api/file';

export type ApproveBody = z.input<NonNullable<typeof approveCase.body>>;
export type RequestBody = z.input<NonNullable<typeof requestMore.body>>;
export type RequestKind = RequestBody['kind'];
export type AnswerBody = z.input<NonNullable<typeof answerSideEffect.body>>;
export type AuditQuery = z.input<NonNullable<typeof auditTrail.query>>;
export type AuditFilter = z.input<NonNullable<typeof auditTrailCsv.query>>;
export type AuditPage = z.infer<typeof auditTrail.response>;

/** GET /api/console/cases?filter=...: the cases of one tab. */
export function queueQuery(filter: CaseFilter) {
  return queryOptions<CaseSummary[], Error>({
    queryKey: ['console-cases', filter],
    queryFn: async () =>
      (await callApi(reviewQueue, { query: { filter }, headers: backgroundActivityHeaders })).cases,
    retry: false,
    // The queue moves as other clinicians claim and decide: read it again every half minute.
    refetchInterval: 30_000,
  });
}

/** GET /api/console/cases?number=...: the case of one order, whatever its tab. */
export function caseSearchQuery(orderId: number) {
  return queryOptions<CaseSummary[], Error>({
    queryKey: ['console-cases', 'order', orderId],
    queryFn: async () =>
      (await callApi(reviewQueue, { query: { number: orderNumber(orderId) } })).cases,
    retry: false,
  });
}

/** GET /api/console/cases/{orderId}: the case as the clinician reviews it. */
export function caseQuery(orderId: number) {
  return queryOptions<CaseView, Error>({
    queryKey: ['console-case', orderId],
    queryFn: async () => (await callApi(caseView, { params: { orderId } })).view,
    retry: false,
  });
}

/** GET /api/console/audit with the filters and page. */
export function auditQuery(query: AuditQuery) {
  return queryOptions<AuditPage, Error>({
    queryKey: ['console-audit', query],
    queryFn: () => callApi(auditTrail, { query }),
    retry: false,
  });
}

/** `audit-trail-2026-11-27.csv`, as the server names it (Content-Disposition). */
export const auditCsvFileName = (now: Date) => `audit-trail-${now.toISOString().slice(0, 10)}.csv`;

/** GET /api/console/audit.csv with the same filters, saved by the browser as a file. */
export async function downloadAuditCsv(filter: AuditFilter): Promise<void> {
  const blob = await callApiForBlob(auditTrailCsv, { query: filter });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = auditCsvFileName(new Date());
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

export const claim = (orderId: number) => callApi(claimCase, { params: { orderId } });
export const release = (orderId: number) => callApi(releaseCase, { params: { orderId } });
export const approve = (orderId: number, body: ApproveBody) =>
  callApi(approveCase, { params: { orderId }, body });
export const deny = (orderId: number, reason: string) =>
  callApi(denyCase, { params: { orderId }, body: { reason } });
export const askForMore = (orderId: number, body: RequestBody) =>
  callApi(requestMore, { params: { orderId }, body });
export const answerReport = (orderId: number, reportId: number, body: AnswerBody) =>
  callApi(answerSideEffect, { params: { orderId, reportId }, body });
export const answerMissed = (orderId: number, body: AnswerBody) =>
  callApi(answerMissedDoses, { params: { orderId }, body });

/** A short-lived signed URL to one file of the case. */
export async function fileUrl(orderId: number, fileName: string): Promise<string> {
  return (await callApi(caseFileReadUrl, { params: { orderId, fileName } })).url;
}
