/**
 * Identity's demo-second-factor.ts and authenticator.ts, the one way the tests and scripts
 * compute demo staff codes. Identity is a CommonJS package and this folder is ES modules, whose
 * named imports cannot see a CommonJS module's exports: it is loaded through `require`.
 */
import { createRequire } from 'node:module';
import type * as DemoSecondFactor from '@clinic/identity/demo-second-factor';
import type * as Authenticator from '@clinic/identity/authenticator';

const require = createRequire(import.meta.url);

export const { isDemoStaffEmail, nextDemoSignInCode } =
  require('@clinic/identity/demo-second-factor') as typeof DemoSecondFactor;

export const { totpCodeForStep, totpStepAt } =
  require('@clinic/identity/authenticator') as typeof Authenticator;
