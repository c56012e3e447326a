/**
 * Forms' internal routes, for the clinic and fulfilment in cluster mode (HttpFormsRecords): an
 * order's assessment as the clinician reads it, a signed read of one of its files, a check and
 * staff read of a patient's own image (the reship photo), and a check of a patient's doctor chat
 * attachment and a signed read of any of their checked uploads, an order's care between shipments
 * (adherence, side-effect reports, logged weights); for intake, the count of open
 * orders in some states (a state rules change's preview). Never published:
 * the gateway does not route /internal, and each call must carry the cluster's internal token
 * (403 without). Bodies are validated with the internal contract schemas (400 naming the fields).
 * The clinic audits every staff read before it asks.
 */
import type { Router } from 'express';
import {
  assessmentRecordRequestSchema,
  careRecordRequestSchema,
  fileReadRequestSchema,
  formsInternalPaths,
  patientFileRequestSchema,
  patientImageRequestSchema,
  openWorkRequestSchema,
  stateRulesInternalPaths,
} from '@clinic/contracts';
import { internalOnly, type ServiceRuntime } from '@clinic/kit';
import type { AssessmentRecords } from '../domain/assessment-records';
import type { Care } from '../domain/care';
import { countOpenOrders } from '../domain/state-rules';
import type { Uploads } from '../domain/uploads';
import { parseOrRefuse } from '../domain/validation';

export function internalRoutes(
  router: Router,
  runtime: ServiceRuntime,
  records: AssessmentRecords,
  uploads: Uploads,
  care: Care,
): void {
  const guard = internalOnly(runtime.engines.principals);

  router.post(formsInternalPaths.careRecord, guard, async (req, res) => {
    const { orderId } = parseOrRefuse(careRecordRequestSchema, req.body);
    res.json({ record: await care.record(orderId) });
  });

  router.post(formsInternalPaths.assessmentRecord, guard, async (req, res) => {
    const { orderId } = parseOrRefuse(assessmentRecordRequestSchema, req.body);
    res.json({ record: await records.record(orderId) });
  });

  router.post(formsInternalPaths.fileRead, guard, async (req, res) => {
    const { orderId, fileName } = parseOrRefuse(fileReadRequestSchema, req.body);
    res.json({ read: await records.fileRead(orderId, fileName) });
  });

  router.post(formsInternalPaths.patientImageCheck, guard, async (req, res) => {
    const { userId, fileName } = parseOrRefuse(patientImageRequestSchema, req.body);
    res.json({ check: await uploads.inspect(userId, fileName, 'image') });
  });

  router.post(formsInternalPaths.patientImageRead, guard, async (req, res) => {
    const { userId, fileName } = parseOrRefuse(patientImageRequestSchema, req.body);
    res.json({ read: await uploads.staffRead(userId, fileName) });
  });

  router.post(formsInternalPaths.patientAttachmentCheck, guard, async (req, res) => {
    const { userId, fileName } = parseOrRefuse(patientFileRequestSchema, req.body);
    res.json(await uploads.inspectAttachment(userId, fileName));
  });

  router.post(formsInternalPaths.patientFileRead, guard, async (req, res) => {
    const { userId, fileName } = parseOrRefuse(patientFileRequestSchema, req.body);
    res.json({ read: await uploads.staffRead(userId, fileName) });
  });

  router.post(stateRulesInternalPaths.openOrders, guard, async (req, res) => {
    const { states } = parseOrRefuse(openWorkRequestSchema, req.body);
    res.json({ count: await countOpenOrders(runtime.db, states) });
  });
}
