import { Router } from 'express';
import type { ServiceModule } from '@clinic/kit';

/**
 * Verification owns address validation, the shipping address and the phone and email codes
 * (BRIEF section 4). It runs on the platform already; its calls arrive with the verification issue.
 */
export const verificationService: ServiceModule = {
  name: 'verification',
  migrationsDir: null,
  build: () => ({ router: Router() }),
};
