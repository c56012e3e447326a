/**
 * POST /api/upload-av-video: the identity video the caller uploaded for an order; and
 * GET /forms/orders/{id}/identity-video: who asks for it (the page's heading says why).
 */
import type { Router } from 'express';
import { identityVideoAsk, uploadAvVideo } from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import { identityVideoAsker, recordIdentityVideo, videoMessages } from '../domain/identity-videos';
import type { Uploads } from '../domain/uploads';
import type { FormsStateRules } from '../subscribers/state-rules-changed-copy';

export function identityVideoRoute(
  router: Router,
  runtime: ServiceRuntime,
  uploads: Uploads,
  stateRules: FormsStateRules,
): void {
  bindRoute(router, uploadAvVideo, async ({ principal, body }) => {
    await recordIdentityVideo(runtime, uploads, principal, body.uniqueId, body.s3FileName);
    return { success: true as const, message: videoMessages.recorded };
  });
  bindRoute(router, identityVideoAsk, async ({ principal, params }) => ({
    asked_by: await identityVideoAsker(
      runtime.db,
      principal,
      params.id,
      (await stateRules.get()).value,
    ),
  }));
}
