import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';
import type { IdentityDirectory } from '@clinic/identity-client';
import { addDisqualifyRoute } from './routes/add-disqualify';
import { campaignVisitRoute } from './routes/campaign-visit';
import { intakeFormRoute } from './routes/intake-form';

export interface IntakeDeps {
  /** Creates the patient account of a qualified lead. */
  identity: IdentityDirectory;
  /** Quiz submissions one client address may make in an hour (default 30). */
  submissionsPerAddressHour?: number;
  /** Campaign landings one client address may report in an hour (default 60). */
  visitsPerAddressHour?: number;
}

/**
 * Intake owns the quiz submission, leads, disqualification tagging, campaign tracking and the
 * eligibility rules (BRIEF section 4).
 */
export const intakeService: ServiceModule<IntakeDeps> = {
  name: 'intake',
  migrationsDir: join(__dirname, 'db', 'migrations'),
  build(runtime, deps) {
    const router = Router();
    intakeFormRoute(router, runtime, deps.identity, deps.submissionsPerAddressHour);
    addDisqualifyRoute(router, runtime);
    campaignVisitRoute(router, runtime, deps.visitsPerAddressHour);
    return { router };
  },
};
