export { clinicService, type ClinicDeps } from './app';
