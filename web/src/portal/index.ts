/**
 * What other features use of the portal: the notice its home shows on arrival, and the refill
 * check-in's "Report a side effect".
 */
export type { PortalHomeArrival } from './PortalHomePageNotice';
export { RefillSideEffects } from './care/RefillSideEffects';
