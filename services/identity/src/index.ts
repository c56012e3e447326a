export { identityService, type IdentityDeps } from './app';
export { createLocalIdentityDirectory } from './directory/local-identity-directory';
export { demoAccounts, type DemoAccount } from './domain/demo-accounts';
export { identityRateLimits } from './domain/rate-limits';
export {
  demoSignInCode,
  demoStaffSecrets,
  isDemoStaffEmail,
  nextDemoSignInCode,
} from './domain/demo-second-factor';
export { totpCodeForStep, totpStepAt } from './domain/authenticator';
