import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import type { ClinicDeps } from './deps';
import { CaseViews } from './domain/case-views';
import { Cases } from './domain/cases';
import { patientMessageJobOf } from '@clinic/identity-client';
import { rememberCasePatientJob } from './jobs/remember-case-patient';
import { assessmentOutcomeRoute } from './routes/assessment-outcome';
import { auditTrailRoute } from './routes/audit-trail';
import { caseViewRoutes } from './routes/case-view';
import { claimRoutes } from './routes/claims';
import { decisionRoutes } from './routes/decisions';
import { fhirRoutes } from './routes/fhir';
import { reviewQueueRoute } from './routes/review-queue';
import { acceptedPrescriptionsSubscriber } from './subscribers/accepted-prescriptions';
import { contactChecksSubscriber } from './subscribers/contact-checks';
import { doseAdjustmentsSubscriber } from './subscribers/dose-adjustments-queue';
import { identityVideosSubscriber } from './subscribers/identity-videos-queue';
import { paidOrdersCasesSubscriber } from './subscribers/paid-orders-cases';
import { submittedAssessmentsSubscriber } from './subscribers/submitted-assessments-queue';
import { withdrawnApplicationsSubscriber } from './subscribers/withdrawn-applications';

export type { ClinicDeps } from './deps';

/**
 * The clinic owns the clinician's review (BRIEF section 4): the case of each paid order, built
 * from checkout's and forms' events; claims and decisions; prescriptions and their dose
 * schedules; messages to the patient; the patient's clinical record (health id, encounters);
 * the audit trail of staff reads; and the FHIR export.
 */
export const clinicService: ServiceModule<ClinicDeps> = {
  name: 'clinic',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime, deps) {
    const router = Router();
    const work = new Cases(runtime, deps.publicUrl);
    reviewQueueRoute(router, runtime);
    claimRoutes(router, runtime, deps.identity, work);
    caseViewRoutes(
      router,
      runtime,
      deps.identity,
      new CaseViews(runtime, deps.identity, deps.forms),
    );
    decisionRoutes(router, runtime, deps.identity, work);
    auditTrailRoute(router, runtime);
    assessmentOutcomeRoute(router, runtime);
    fhirRoutes(router, runtime, deps);
    return {
      router,
      subscribers: [
        paidOrdersCasesSubscriber(runtime),
        submittedAssessmentsSubscriber(runtime),
        identityVideosSubscriber(runtime),
        withdrawnApplicationsSubscriber(runtime),
        doseAdjustmentsSubscriber(runtime),
        acceptedPrescriptionsSubscriber(runtime),
        contactChecksSubscriber,
      ],
      jobs: [
        patientMessageJobOf(runtime, deps.identity),
        rememberCasePatientJob(runtime, deps.identity),
      ],
    };
  },
};
