export { verificationService, type VerificationDeps } from './app';
export { verificationConfigFields, verificationDepsFromConfig } from './config';
