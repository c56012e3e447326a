export { formsService, type FormsDeps } from './app';
export { formsConfigFields, formsDepsFromConfig } from './config';
