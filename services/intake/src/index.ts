export { intakeService, type IntakeDeps } from './app';
