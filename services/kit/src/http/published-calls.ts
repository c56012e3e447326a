import { apiRoutes } from '@clinic/contracts';

/** `/api/get-cart/:cart_id` as a matcher of concrete paths. */
function pathMatcher(path: string): RegExp {
  const escaped = path
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${escaped}/?$`);
}

export interface PublishedCall {
  method: string;
  /** The contract's path template (`/api/get-cart/:cart_id`). */
  path: string;
  matches: RegExp;
  params: number;
}

/** Every published API call (contracts' apiRoutes), fixed paths before templated ones. */
export const publishedCalls: readonly PublishedCall[] = apiRoutes
  .map((route) => ({
    method: route.method.toUpperCase(),
    path: route.path,
    matches: pathMatcher(route.path),
    params: route.path.split('/').filter((segment) => segment.startsWith(':')).length,
  }))
  .sort((a, b) => a.params - b.params);

/**
 * The published call a concrete path belongs to (its template), preferring one of the request's
 * method: what the gateway, which proxies without routes of its own, labels a request with.
 */
export function publishedPathOf(method: string, path: string): string | undefined {
  const matching = publishedCalls.filter((call) => call.matches.test(path));
  return (matching.find((call) => call.method === method) ?? matching[0])?.path;
}
