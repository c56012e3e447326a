export { checkoutService } from './app';
export type { CheckoutDeps } from './deps';
export { checkoutConfigFields, checkoutDepsFromConfig, type CheckoutConfig } from './config';
export { countOpenCarts } from './domain/served-states';
