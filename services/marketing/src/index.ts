export { marketingService, type MarketingDeps } from './app';
