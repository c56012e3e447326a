import { apiRoutes, type ApiRoute, type ServiceName } from '@clinic/contracts';

export interface RouteEntry {
  /** A path, or a prefix ending in `/` that owns everything under it. */
  prefix: string;
  service: ServiceName;
}

/**
 * Paths the gateway routes that are not published API calls: the processor's webhooks, the
 * sandbox processor's own Stripe-like endpoints, and the signed upload URLs of the forms
 * service's local-disk storage (single-node mode; S3 serves them itself in cluster mode).
 */
export const nonApiRoutes: readonly RouteEntry[] = [
  { prefix: '/webhooks/stripe', service: 'checkout' },
  { prefix: '/sandbox/', service: 'checkout' },
  { prefix: '/forms/uploads/', service: 'forms' },
];

/**
 * The entry of a published call: its path up to the first `:param` segment (which the entry owns
 * with everything under it), for the service the route definition names.
 */
export function entryOf(route: Pick<ApiRoute, 'path' | 'service'>): RouteEntry {
  const segments = route.path.split('/');
  const firstParam = segments.findIndex((segment) => segment.startsWith(':'));
  const prefix = (firstParam === -1 ? segments : segments.slice(0, firstParam)).join('/');
  if (!/^\/[^/:]+/.test(prefix)) {
    throw new Error(`${route.path}: a routed path needs a fixed first segment`);
  }
  return { prefix, service: route.service };
}

/**
 * Entries from route definitions, one per prefix. Two routes of different services on one prefix
 * cannot both be routed, so that is an error at start-up, not a request sent to the wrong service.
 */
export function deriveRoutingTable(
  routes: readonly Pick<ApiRoute, 'path' | 'service'>[],
  extra: readonly RouteEntry[] = [],
): RouteEntry[] {
  const byPrefix = new Map<string, RouteEntry>();
  for (const entry of [...routes.map(entryOf), ...extra]) {
    const known = byPrefix.get(entry.prefix);
    if (known && known.service !== entry.service) {
      throw new Error(
        `${entry.prefix} is claimed by both ${known.service} and ${entry.service}: give one of them its own path`,
      );
    }
    byPrefix.set(entry.prefix, entry);
  }
  return [...byPrefix.values()];
}

/**
 * The one table from public path to owning service (BRIEF section 4), derived from the contracts'
 * route definitions (each names its service) plus the non-API paths. Single-node mode uses it to
 * pick the in-process service, cluster mode to pick the URL to proxy to.
 */
export const routingTable: readonly RouteEntry[] = deriveRoutingTable(apiRoutes, nonApiRoutes);

/** The service owning a path: the longest matching entry wins. */
export function owningService(
  path: string,
  table: readonly RouteEntry[] = routingTable,
): ServiceName | undefined {
  let best: RouteEntry | undefined;
  for (const entry of table) {
    const matches = entry.prefix.endsWith('/')
      ? path.startsWith(entry.prefix)
      : path === entry.prefix || path.startsWith(`${entry.prefix}/`);
    if (matches && (!best || entry.prefix.length > best.prefix.length)) best = entry;
  }
  return best?.service;
}
