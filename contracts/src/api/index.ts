import { getAllProducts } from './catalog';
import type { ApiRoute } from './route';

export * from './route';
export * from './openapi';
export * from './catalog';

/** Every published API call; the OpenAPI document and the gateway's coverage test read this list. */
export const apiRoutes: readonly ApiRoute[] = [getAllProducts];
