export { intakeService } from './app';
