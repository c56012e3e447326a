import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import type { IdentityDirectory } from '@clinic/identity-client';
import type { OpenWork } from './domain/open-work';
import { StateRulesDesk } from './domain/state-rules';
import { addDisqualifyRoute } from './routes/add-disqualify';
import { campaignVisitRoute } from './routes/campaign-visit';
import { intakeFormRoute } from './routes/intake-form';
import { stateRulesRoutes } from './routes/state-rules';

export interface IntakeDeps {
  /** Creates the patient account of a qualified lead. */
  identity: IdentityDirectory;
  /** Counts what a change of the per-state rules would touch (checkout's carts, forms' orders). */
  openWork: OpenWork;
  /** Quiz submissions one client address may make in an hour (default 30). */
  submissionsPerAddressHour?: number;
  /** Campaign landings one client address may report in an hour (default 60). */
  visitsPerAddressHour?: number;
}

/**
 * Intake owns the quiz submission, leads, disqualification tagging, campaign tracking and the
 * eligibility rules (BRIEF section 4), with the per-state rules kept as data.
 */
export const intakeService: ServiceModule<IntakeDeps> = {
  name: 'intake',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime, deps) {
    const router = Router();
    const stateRules = new StateRulesDesk(runtime, deps.openWork);
    intakeFormRoute(router, runtime, deps.identity, stateRules, deps.submissionsPerAddressHour);
    addDisqualifyRoute(router, runtime);
    campaignVisitRoute(router, runtime, deps.visitsPerAddressHour);
    stateRulesRoutes(router, stateRules, deps.identity);
    return { router };
  },
};
