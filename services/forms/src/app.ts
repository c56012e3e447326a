import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import type { FormsDeps } from './deps';
import { AssessmentRecords } from './domain/assessment-records';
import { Assessments } from './domain/assessments';
import { Care } from './domain/care';
import { Prescriptions } from './domain/prescriptions';
import { Uploads } from './domain/uploads';
import { acceptUnansweredPrescriptionJob } from './jobs/accept-unanswered-prescription';
import { assessmentReceivedEmailJob } from './jobs/assessment-received-email';
import { checkInReminderJob } from './jobs/check-in-reminder';
import { doseReminderJob } from './jobs/dose-reminder';
import { identityVideoEmailJob } from './jobs/identity-video-email';
import { loadQuestionnaires } from './questionnaires/questionnaires';
import { assessmentRoutes } from './routes/assessments';
import { careRoutes } from './routes/care';
import { fhirQuestionnaireRoute } from './routes/fhir-questionnaire';
import { formsOrderRoute } from './routes/forms-order';
import { identityVideoRoute } from './routes/identity-videos';
import { internalRoutes } from './routes/internal';
import { patientAttachmentUploadRoute } from './routes/patient-attachment-upload';
import { prescriptionRoutes } from './routes/prescriptions';
import { processRefundRoute } from './routes/process-refund';
import { questionnaireRoutes } from './routes/questionnaires';
import { uploadRoutes } from './routes/uploads';
import { weightHistoryRoute } from './routes/weight-history';
import { LocalDiskStorage } from './storage/local-disk-storage';
import { localUploadRoutes } from './storage/local-upload-routes';
import { prescriptionApprovedRecordSubscriber } from './subscribers/prescription-approved-record';
import { assessmentDeniedCloseSubscriber } from './subscribers/assessment-denied-close';
import { paymentSucceededOrderSubscriber } from './subscribers/payment-succeeded-order';
import { orderDeliveredCareSubscriber } from './subscribers/order-delivered-care';
import { subscriptionCancelledCareSubscriber } from './subscribers/subscription-cancelled-care';
import { shippingAddressSavedStateSubscriber } from './subscribers/shipping-address-saved-state';
import { refillCancelledCheckInSubscriber } from './subscribers/refill-cancelled-check-in';
import { refillCheckInDueAssessmentSubscriber } from './subscribers/refill-check-in-due-assessment';
import { appointmentRequiredVideoSubscriber } from './subscribers/appointment-required-video';
import { stateRulesChangedCopy } from './subscribers/state-rules-changed-copy';
import { uploadLimits } from './uploads/file-content';

export type { FormsDeps } from './deps';

/**
 * Forms owns the medical questionnaires, their submissions, prescriptions awaiting the patient
 * and uploads (BRIEF section 4): the form loader's order, the questionnaire files, the
 * assessment submissions, Process Refund, signed uploads, the identity video, and the
 * prescription's confirmation and dose adjustment by the patient, and the care between
 * shipments (the injection day, the dose log).
 */
export const formsService: ServiceModule<FormsDeps> = {
  name: 'forms',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime, deps) {
    const questionnaires = deps.questionnaires ?? loadQuestionnaires();
    const uploads = new Uploads(runtime, deps.storage);
    const stateRules = stateRulesChangedCopy(runtime);
    const care = new Care(runtime);
    const router = Router();
    // Local disk's signed URLs are served here; S3 serves its own.
    if (deps.storage instanceof LocalDiskStorage)
      localUploadRoutes(router, deps.storage, { maxBytes: uploadLimits.video });
    formsOrderRoute(router, runtime, deps.identity);
    questionnaireRoutes(router, questionnaires);
    fhirQuestionnaireRoute(router, questionnaires);
    assessmentRoutes(
      router,
      new Assessments(runtime, deps.identity, questionnaires, uploads, stateRules.cache),
    );
    processRefundRoute(router, runtime);
    uploadRoutes(router, runtime, uploads);
    patientAttachmentUploadRoute(router, uploads);
    identityVideoRoute(router, runtime, uploads, stateRules.cache);
    prescriptionRoutes(router, new Prescriptions(runtime, uploads));
    weightHistoryRoute(router, runtime, deps.identity);
    careRoutes(router, runtime, care);
    internalRoutes(
      router,
      runtime,
      new AssessmentRecords(runtime, questionnaires, deps.storage),
      uploads,
      care,
    );
    return {
      router,
      subscribers: [
        paymentSucceededOrderSubscriber(runtime),
        shippingAddressSavedStateSubscriber,
        assessmentDeniedCloseSubscriber(runtime),
        prescriptionApprovedRecordSubscriber(runtime),
        refillCheckInDueAssessmentSubscriber(runtime),
        refillCancelledCheckInSubscriber(runtime),
        appointmentRequiredVideoSubscriber(runtime),
        orderDeliveredCareSubscriber(runtime),
        subscriptionCancelledCareSubscriber(runtime),
        stateRules.subscriber,
      ],
      jobs: [
        acceptUnansweredPrescriptionJob(runtime),
        identityVideoEmailJob(runtime, deps.identity, deps.publicUrl),
        assessmentReceivedEmailJob(runtime, deps.identity),
        doseReminderJob(runtime, deps.identity, care, deps.publicUrl),
        checkInReminderJob(runtime, deps.identity, deps.publicUrl),
      ],
    };
  },
};
