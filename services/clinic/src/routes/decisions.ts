import type { Router } from 'express';
import {
  answerMissedDoses,
  answerSideEffect,
  approveCase,
  denyCase,
  requestMore,
} from '@clinic/contracts';
import type { IdentityDirectory } from '@clinic/identity-client';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import type { Cases } from '../domain/cases';
import { staffRequest } from './staff-request';

export function decisionRoutes(
  router: Router,
  runtime: ServiceRuntime,
  identity: IdentityDirectory,
  work: Cases,
): void {
  bindRoute(router, approveCase, async ({ principal, params, body, req }) => ({
    status: 'success' as const,
    ...(await work.approve(
      params.orderId,
      await staffRequest(runtime, identity, principal, req),
      body,
    )),
  }));
  bindRoute(router, denyCase, async ({ principal, params, body, req }) => ({
    status: 'success' as const,
    case: await work.deny(
      params.orderId,
      await staffRequest(runtime, identity, principal, req),
      body.reason,
    ),
  }));
  bindRoute(router, requestMore, async ({ principal, params, body, req }) => {
    const who = await staffRequest(runtime, identity, principal, req);
    // Asked before the decision's transaction: identity may share the embedded database.
    const doctor = await identity.clinicianProfile(principal.userId);
    return {
      status: 'success' as const,
      case: await work.requestMore(params.orderId, who, body.kind, body.message, doctor?.name),
    };
  });
  bindRoute(router, answerSideEffect, async ({ principal, params, body, req }) => {
    const who = await staffRequest(runtime, identity, principal, req);
    const doctor = await identity.clinicianProfile(principal.userId);
    return {
      status: 'success' as const,
      case: await work.answerSideEffect(
        params.orderId,
        params.reportId,
        who,
        body.message,
        doctor?.name,
      ),
    };
  });
  bindRoute(router, answerMissedDoses, async ({ principal, params, body, req }) => {
    const who = await staffRequest(runtime, identity, principal, req);
    const doctor = await identity.clinicianProfile(principal.userId);
    return {
      status: 'success' as const,
      case: await work.answerMissedDoses(params.orderId, who, body.message, doctor?.name),
    };
  });
}
