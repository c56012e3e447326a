export { marketingService } from './app';
