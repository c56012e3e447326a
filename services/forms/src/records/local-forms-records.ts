/**
 * The forms records in-process (single-node mode): the same domain code as forms' internal
 * routes, on forms' own runtime, without HTTP. Input is validated with the same schemas, so a
 * bad request fails here as it would over HTTP; a file name no file can have is simply not the
 * order's (null), as HttpFormsRecords answers it.
 */
import {
  assessmentRecordRequestSchema,
  careRecordRequestSchema,
  fileReadRequestSchema,
  patientFileRequestSchema,
  patientImageRequestSchema,
} from '@clinic/contracts';
import type { FormsRecords } from '@clinic/forms-client';
import type { ServiceRuntime } from '@clinic/kit';
import type { FormsDeps } from '../deps';
import { AssessmentRecords } from '../domain/assessment-records';
import { Care } from '../domain/care';
import { Uploads } from '../domain/uploads';
import { parseOrRefuse } from '../domain/validation';
import { loadQuestionnaires } from '../questionnaires/questionnaires';

export function createLocalFormsRecords(
  runtime: ServiceRuntime,
  deps: Omit<FormsDeps, 'publicUrl'>,
): FormsRecords {
  const records = new AssessmentRecords(
    runtime,
    deps.questionnaires ?? loadQuestionnaires(),
    deps.storage,
  );
  const uploads = new Uploads(runtime, deps.storage);
  const care = new Care(runtime);
  return {
    async careRecord(orderId) {
      const request = parseOrRefuse(careRecordRequestSchema, { orderId });
      return care.record(request.orderId);
    },
    async assessmentRecord(orderId) {
      const request = parseOrRefuse(assessmentRecordRequestSchema, { orderId });
      return records.record(request.orderId);
    },
    async fileRead(orderId, fileName) {
      if (!fileReadRequestSchema.shape.fileName.safeParse(fileName).success) return null;
      const request = parseOrRefuse(fileReadRequestSchema, { orderId, fileName });
      return records.fileRead(request.orderId, request.fileName);
    },
    async checkPatientImage(userId, fileName) {
      if (!patientImageRequestSchema.safeParse({ userId, fileName }).success) return 'missing';
      return uploads.inspect(userId, fileName, 'image');
    },
    async patientImageRead(userId, fileName) {
      if (!patientImageRequestSchema.safeParse({ userId, fileName }).success) return null;
      return uploads.staffRead(userId, fileName);
    },
    async checkPatientAttachment(userId, fileName) {
      if (!patientFileRequestSchema.safeParse({ userId, fileName }).success)
        return { check: 'missing' };
      return uploads.inspectAttachment(userId, fileName);
    },
    async patientFileRead(userId, fileName) {
      if (!patientFileRequestSchema.safeParse({ userId, fileName }).success) return null;
      return uploads.staffRead(userId, fileName);
    },
  };
}
