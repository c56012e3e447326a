import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import type { ClinicDeps } from './deps';
import { CaseViews } from './domain/case-views';
import { Cases } from './domain/cases';
import { patientMessageJobOf } from '@clinic/identity-client';
import { rememberCasePatientJob } from './jobs/remember-case-patient';
import { assessmentOutcomeRoute } from './routes/assessment-outcome';
import { caseViewRoutes } from './routes/case-view';
import { claimRoutes } from './routes/claims';
import { decisionRoutes } from './routes/decisions';
import { fhirRoutes } from './routes/fhir';
import { reviewQueueRoute } from './routes/review-queue';
import { prescriptionAcceptedRecordSubscriber } from './subscribers/prescription-accepted-record';
import { sideEffectReportedQueueSubscriber } from './subscribers/side-effect-reported-queue';
import { missedDosesFlaggedQueueSubscriber } from './subscribers/missed-doses-flagged-queue';
import { contactVerificationChecksSubscriber } from './subscribers/contact-verification-checks';
import { doseAdjustmentSubmittedQueueSubscriber } from './subscribers/dose-adjustment-submitted-queue';
import { identityVideoUploadedQueueSubscriber } from './subscribers/identity-video-uploaded-queue';
import { paymentSucceededCaseSubscriber } from './subscribers/payment-succeeded-case';
import { formSubmittedQueueSubscriber } from './subscribers/form-submitted-queue';
import { refillCancelledCloseSubscriber } from './subscribers/refill-cancelled-close';
import { applicationWithdrawnCloseSubscriber } from './subscribers/application-withdrawn-close';

export type { ClinicDeps } from './deps';

/**
 * The clinic owns the clinician's review (BRIEF section 4): the case of each paid order, built
 * from checkout's and forms' events; claims and decisions; prescriptions and their dose
 * schedules; messages to the patient; the patient's clinical record (health id, encounters);
 * the audit lines of its staff reads (the admin reads them through the gateway); and the FHIR
 * export.
 */
export const clinicService: ServiceModule<ClinicDeps> = {
  name: 'clinic',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime, deps) {
    const router = Router();
    const work = new Cases(runtime, deps.publicUrl);
    reviewQueueRoute(router, runtime, deps.identity);
    claimRoutes(router, runtime, deps.identity, work);
    caseViewRoutes(
      router,
      runtime,
      deps.identity,
      new CaseViews(runtime, deps.identity, deps.forms),
    );
    decisionRoutes(router, runtime, deps.identity, work);
    assessmentOutcomeRoute(router, runtime);
    fhirRoutes(router, runtime, deps);
    return {
      router,
      subscribers: [
        paymentSucceededCaseSubscriber(runtime),
        formSubmittedQueueSubscriber(runtime),
        refillCancelledCloseSubscriber(runtime),
        identityVideoUploadedQueueSubscriber(runtime),
        applicationWithdrawnCloseSubscriber(runtime),
        doseAdjustmentSubmittedQueueSubscriber(runtime),
        prescriptionAcceptedRecordSubscriber(runtime),
        contactVerificationChecksSubscriber,
        sideEffectReportedQueueSubscriber,
        missedDosesFlaggedQueueSubscriber,
      ],
      jobs: [
        patientMessageJobOf(runtime, deps.identity),
        rememberCasePatientJob(runtime, deps.identity),
      ],
    };
  },
};
