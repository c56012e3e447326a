export { intakeService, type IntakeDeps } from './app';
export { HttpOpenWork, type OpenWork } from './domain/open-work';
export { intakeConfigFields, intakeDepsFromConfig } from './config';
