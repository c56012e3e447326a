import type { Router } from 'express';
import {
  doctorMessages as texts,
  getDocProfile,
  providerMessages,
  sendDocMessage,
  sendProviderMessage,
} from '@clinic/contracts';
import { bindRoute } from '@clinic/kit';
import type { DoctorMessages } from '../domain/doctor-messages';

/** The patient's Doctor on Demand calls (spec 002 section 7). */
export function doctorMessageRoutes(router: Router, doctor: DoctorMessages): void {
  bindRoute(router, providerMessages, async ({ principal }) => ({
    success: true as const,
    messages: await doctor.forPatient(principal.userId),
  }));
  bindRoute(router, sendProviderMessage, async ({ principal, body }) => ({
    success: true as const,
    apiResponse: {
      id: await doctor.send(principal.userId, {
        message: body.message,
        encounterId: body.latestEncounterId,
        attachments: body.attachments,
      }),
    },
  }));
  bindRoute(router, sendDocMessage, async ({ principal, body }) => {
    await doctor.send(principal.userId, {
      message: body.message,
      encounterId: body.visitId,
      attachments: [],
    });
    return { status: 'success' as const, message: texts.messageSent };
  });
  bindRoute(router, getDocProfile, async ({ principal, params }) => ({
    status: 'success' as const,
    case: await doctor.profile(principal.userId, params.encounterId),
  }));
}
