import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';

/**
 * Forms owns the medical questionnaires, their submissions, prescriptions awaiting the patient
 * and uploads (BRIEF section 4). It runs on the platform already; its calls arrive with the
 * medical-form issue.
 */
export const formsService: ServiceModule = {
  name: 'forms',
  migrationsDir: null,
  build: () => ({ router: Router() }),
};
