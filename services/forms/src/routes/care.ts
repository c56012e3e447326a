/**
 * Care between shipments: the "This week" card, the injection day, the dose log and side-effect
 * reports.
 */
import type { Router } from 'express';
import {
  careThisWeek,
  doseLog,
  logDose,
  reportSideEffect,
  saveInjectionDay,
} from '@clinic/contracts';
import { bindRoute, type ServiceRuntime } from '@clinic/kit';
import type { Care } from '../domain/care';
import { reportSideEffect as report } from '../domain/side-effects';

export function careRoutes(router: Router, runtime: ServiceRuntime, care: Care): void {
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
  bindRoute(router, reportSideEffect, async ({ principal, body }) => ({
    report: await report(runtime, principal.userId, body),
  }));
}
