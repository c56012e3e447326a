import { checkInMissedInboxJob } from './jobs/check-in-missed-inbox';
import { refillCheckInMissedInboxSubscriber } from './subscribers/refill-check-in-missed-inbox';
import { join } from 'node:path';
import { Router } from 'express';
import { patientMessageJobOf } from '@clinic/identity-client';
import type { ServiceModule } from '@clinic/kit';
import type { ChatDeps } from './deps';
import { Conversations } from './domain/conversations';
import { DoctorMessages } from './domain/doctor-messages';
import { Visitors } from './domain/visitors';
import { ChatSockets } from './realtime/chat-sockets';
import { chatAvailabilityRoute } from './routes/chat-availability';
import { chatUserRoute } from './routes/chat-user';
import { doctorConsoleRoutes } from './routes/doctor-console';
import { doctorMessageRoutes } from './routes/doctor-messages';
import { supportInboxRoutes } from './routes/support-inbox';
import { tellPatientDoctorRepliedJob } from './jobs/tell-patient-doctor-replied';
import { clinicalRecordOpenedEncounterSubscriber } from './subscribers/clinical-record-opened-encounter';
import { clinicianNoteWrittenDoctorMessageSubscriber } from './subscribers/clinician-note-written-doctor-message';
import { prescriptionApprovedClinicianSubscriber } from './subscribers/prescription-approved-clinician';
import { sessionsRevokedCloseSocketsSubscriber } from './subscribers/sessions-revoked-close-sockets';

export type { ChatDeps } from './deps';

/**
 * Chat owns the conversations (BRIEF section 4): the live chat with support (visitors' chat
 * profiles, one conversation per person over socket.io, the support inbox of the staff console,
 * the staffed hours patients are shown), and Doctor on Demand (a patient's messages with the
 * clinicians of their visits, with attachments, and the clinician's profile).
 */
export const chatService: ServiceModule<ChatDeps> = {
  name: 'chat',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime, deps) {
    const router = Router();
    const visitors = new Visitors(runtime, deps.identity);
    const conversations = new Conversations(runtime);
    const sockets = new ChatSockets({
      identity: deps.identity,
      visitors,
      conversations,
      rateLimiter: runtime.engines.rateLimiter,
      logger: runtime.logger,
      clock: runtime.clock,
      redisUrl: deps.redisUrl,
      sessionSweepMs: deps.sessionSweepMs,
    });
    chatUserRoute(router, runtime, visitors);
    chatAvailabilityRoute(router, runtime, deps);
    supportInboxRoutes(router, runtime, deps.identity, conversations, sockets);
    const doctor = new DoctorMessages(runtime, deps.identity, deps.forms, deps.publicUrl);
    doctorMessageRoutes(router, doctor);
    doctorConsoleRoutes(router, deps.identity, doctor);
    return {
      router,
      subscribers: [
        clinicalRecordOpenedEncounterSubscriber,
        clinicianNoteWrittenDoctorMessageSubscriber,
        prescriptionApprovedClinicianSubscriber,
        sessionsRevokedCloseSocketsSubscriber(sockets),
        refillCheckInMissedInboxSubscriber(runtime),
      ],
      jobs: [
        patientMessageJobOf(runtime, deps.identity),
        tellPatientDoctorRepliedJob(runtime, deps.publicUrl),
        checkInMissedInboxJob(deps.identity, conversations),
      ],
      attach: (server) => sockets.attach(server),
      onStart: () => sockets.start(),
      onStop: () => sockets.stop(),
    };
  },
};
