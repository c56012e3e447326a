import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';

/**
 * Intake owns the quiz submission, leads, disqualification tagging, campaign tracking and the
 * eligibility rules (BRIEF section 4). It runs on the platform already (schema, outbox, queue,
 * health); its calls arrive with the intake issue.
 */
export const intakeService: ServiceModule = {
  name: 'intake',
  migrationsDir: null,
  build: () => ({ router: Router() }),
};
