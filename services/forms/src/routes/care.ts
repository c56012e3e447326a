/** Care between shipments: the "This week" card, the injection day and the dose log. */
import type { Router } from 'express';
import { careThisWeek, doseLog, logDose, saveInjectionDay } from '@clinic/contracts';
import { bindRoute } from '@clinic/kit';
import type { Care } from '../domain/care';

export function careRoutes(router: Router, care: Care): void {
  bindRoute(router, careThisWeek, ({ principal }) => care.thisWeek(principal.userId));
  bindRoute(router, saveInjectionDay, ({ principal, body }) =>
    care.saveInjectionDay(principal.userId, body),
  );
  bindRoute(router, logDose, async ({ principal, body }) => ({
    dose: await care.logDose(principal.userId, body),
  }));
  bindRoute(router, doseLog, async ({ principal }) => ({
    doses: await care.doseLog(principal.userId),
  }));
}
