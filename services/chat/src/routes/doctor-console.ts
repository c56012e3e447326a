import type { Router } from 'express';
import { doctorInbox, doctorThread, replyDoctorThread } from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute } from '@clinic/kit';
import { agentOf } from '../domain/agents';
import type { DoctorMessages } from '../domain/doctor-messages';

/** The clinician's side of Doctor on Demand in the staff console: threads, one thread, answer. */
export function doctorConsoleRoutes(
  router: Router,
  identity: IdentityDirectory,
  doctor: DoctorMessages,
): void {
  bindRoute(router, doctorInbox, async ({ principal, query, req }) => ({
    status: 'success' as const,
    threads: await doctor.inbox(query.view, await agentOf(identity, principal, req.ip ?? null)),
  }));
  bindRoute(router, doctorThread, async ({ principal, params, req }) => ({
    status: 'success' as const,
    ...(await doctor.thread(params.userId, await agentOf(identity, principal, req.ip ?? null))),
  }));
  bindRoute(router, replyDoctorThread, async ({ principal, params, body, req }) => ({
    status: 'success' as const,
    ...(await doctor.reply(
      params.userId,
      await agentOf(identity, principal, req.ip ?? null),
      body,
    )),
  }));
}
