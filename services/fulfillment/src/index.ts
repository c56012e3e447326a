export { fulfillmentService, type FulfillmentDeps } from './app';
