export { checkoutService } from './app';
