export { identityService, type IdentityDeps } from './app';
export type { IdentityDirectory } from './directory/identity-directory';
export { createLocalIdentityDirectory } from './directory/local-identity-directory';
export { HttpIdentityDirectory, IdentityDirectoryError } from './directory/http-identity-directory';
export { demoAccounts, type DemoAccount } from './domain/demo-accounts';
export { identityRateLimits } from './domain/rate-limits';
