import { apiRoutes } from '@clinic/contracts';
import { owningService, routingTable } from './routing-table';

describe('routing table', () => {
  it('sends every published call to the service that owns it', () => {
    for (const route of apiRoutes) {
      const concrete = route.path.replace(/:(\w+)/g, 'sample-$1');
      expect({ path: route.path, service: owningService(concrete) }).toEqual({
        path: route.path,
        service: route.service,
      });
    }
  });

  it('matches whole path segments and prefers the longest prefix', () => {
    const table = [
      { prefix: '/api/get-cart', service: 'checkout' as const },
      { prefix: '/forms/', service: 'intake' as const },
      { prefix: '/forms/orders', service: 'forms' as const },
    ];
    expect(owningService('/api/get-cart/12', table)).toBe('checkout');
    expect(owningService('/api/get-cartoon', table)).toBeUndefined();
    expect(owningService('/forms/save-cart', table)).toBe('intake');
    expect(owningService('/forms/orders/9', table)).toBe('forms');
    expect(routingTable.length).toBeGreaterThan(0);
  });
});
