/**
 * GET /api/fhir/QuestionnaireResponse/{orderId} and GET /api/fhir/MedicationRequest/{id}: an
 * order's assessment and a prescription as FHIR R4, for the patient (own records) and for
 * clinicians and admins (audited). Answered as application/fhir+json.
 */
import type { Router } from 'express';
import { fhirJson, fhirMedicationRequest, fhirQuestionnaireResponse } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import type { ClinicDeps } from '../deps';
import { FhirReads } from '../fhir/fhir-reads';
import { staffRequest } from './staff-request';

export function fhirRoutes(
  router: Router,
  runtime: ServiceRuntime,
  deps: Pick<ClinicDeps, 'identity' | 'forms'>,
): void {
  const reads = new FhirReads(runtime, deps.forms);
  bindRoute(router, fhirQuestionnaireResponse, async ({ principal, params, req, res }) => {
    const resource = await reads.questionnaireResponse(params.orderId, {
      principal,
      staff: () => staffRequest(runtime, deps.identity, principal, req),
    });
    res.type(fhirJson);
    return resource;
  });
  bindRoute(router, fhirMedicationRequest, async ({ principal, params, req, res }) => {
    const bundle = await reads.medicationRequests(params.prescriptionId, {
      principal,
      staff: () => staffRequest(runtime, deps.identity, principal, req),
    });
    res.type(fhirJson);
    return bundle;
  });
}
