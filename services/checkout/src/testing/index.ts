// Test harnesses of the checkout service, for its own tests and those of the services that call it.
export * from './checkout-harness';
export * from './payment-counts';
