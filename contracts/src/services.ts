/**
 * The product's services (BRIEF section 4), listed once. Each owns the API calls and the database
 * schema of its name; in cluster mode each runs as its own process at its `<NAME>_URL`, behind the
 * gateway. ESLint (the schemas a service's SQL may name), `scripts/start-cluster.mjs` and the
 * gateway (single-node boot, cluster configuration) read this list: a new service is added here.
 * No import: the cluster script and ESLint load this file alone.
 */

/** The services behind the gateway, in the order the cluster gives them ports. */
export const backendServices = [
  'identity',
  'checkout',
  'intake',
  'verification',
  'forms',
  'chat',
  'clinic',
  'fulfillment',
  'marketing',
] as const;
export type BackendService = (typeof backendServices)[number];

/** Every service: those behind the gateway, and the gateway's own calls (the portal's views). */
export const serviceNames = [...backendServices, 'gateway'] as const;
export type ServiceName = (typeof serviceNames)[number];

/** The variable that says where a service listens in cluster mode (`CHECKOUT_URL`). */
export type ServiceUrlVariable = `${Uppercase<BackendService>}_URL`;
export function serviceUrlVariable(service: BackendService): ServiceUrlVariable {
  return `${service.toUpperCase() as Uppercase<BackendService>}_URL`;
}
