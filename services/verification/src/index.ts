export { verificationService } from './app';
