export { formsService } from './app';
