export * from './fulfillment-harness';
