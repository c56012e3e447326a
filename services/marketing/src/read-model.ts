/**
 * The funnel read model's own operations, for scripts beside the service (`@clinic/marketing/
 * read-model`): the replay `npm run rebuild:funnel` runs, and the funnel page's query, so the
 * benchmark measures exactly what the product does.
 */
export { rebuildFunnel } from './domain/funnel';
export { funnelReportOf } from './domain/funnel-report';
