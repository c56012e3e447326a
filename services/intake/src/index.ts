export { intakeService, type IntakeDeps } from './app';
export { intakeConfigFields, intakeDepsFromConfig } from './config';
