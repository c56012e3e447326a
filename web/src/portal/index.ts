/** What other features use of the portal: the notice its home shows on arrival. */
export type { PortalHomeArrival } from './PortalHomePageNotice';
