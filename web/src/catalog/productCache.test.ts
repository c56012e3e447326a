import { productCacheMs, type Product } from '@clinic/contracts';
import { ApiError } from '../api/client';
import { installFetchMock, jsonResponse, type FetchMock } from '../test-utils/fetchMock';
import { PRODUCTS_KEY, loadProducts, readCachedProducts } from './productCache';

function product(id: number, name: string): Product {
  return {
    id,
    name,
    sku: `sku_${id}`,
    stripe_id: `price_${id}`,
    category: 'primary',
    is_prescription: true,
    image_pre_text: '',
    drug: 'semaglutide',
    offer_variant: 'default',
    pricing: { retail_price: 249.97, first_month_price: 134.99 },
  };
}

const serverProducts = [product(1, 'Semaglutide plan'), product(2, 'Tirzepatide plan')];
const cachedProducts = [product(9, 'Cached plan')];
const T0 = Date.UTC(2025, 0, 15, 12, 0, 0);

function storeCache(products: Product[], savedAt: number) {
  localStorage.setItem(PRODUCTS_KEY, JSON.stringify({ products, savedAt }));
}

let fetchMock: FetchMock;

beforeEach(() => {
  localStorage.clear();
  fetchMock = installFetchMock();
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('loadProducts', () => {
  it('fetches GET /api/get-all-products and stores the list with the time it was saved', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', products: serverProducts }));

    const products = await loadProducts({ now: T0 });

    expect(products).toEqual(serverProducts);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/get-all-products');
    expect(init?.method).toBe('GET');
    expect(JSON.parse(localStorage.getItem(PRODUCTS_KEY)!)).toEqual({
      products: serverProducts,
      savedAt: T0,
    });
  });

  it('uses a fresh cached copy without calling the server', async () => {
    storeCache(cachedProducts, T0);

    const products = await loadProducts({ now: T0 + productCacheMs - 1 });

    expect(products).toEqual(cachedProducts);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('calls the server again once the copy is 24 hours old', async () => {
    storeCache(cachedProducts, T0);
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', products: serverProducts }));

    const later = T0 + productCacheMs; // exactly 24 h
    const products = await loadProducts({ now: later });

    expect(productCacheMs).toBe(24 * 60 * 60 * 1000);
    expect(products).toEqual(serverProducts);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(readCachedProducts()).toEqual({ products: serverProducts, savedAt: later });
  });

  it('uses the stale copy when the server answers with an error status', async () => {
    storeCache(cachedProducts, T0);
    fetchMock.mockResolvedValue(jsonResponse(500, { status: 'error', message: 'boom' }));

    const products = await loadProducts({ now: T0 + 2 * productCacheMs });

    expect(products).toEqual(cachedProducts);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    // The stale copy keeps its original time, so the next load tries the server again.
    expect(readCachedProducts()?.savedAt).toBe(T0);
  });

  it('uses the stale copy when the request fails (network error)', async () => {
    storeCache(cachedProducts, T0);
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(loadProducts({ now: T0 + productCacheMs + 1 })).resolves.toEqual(cachedProducts);
  });

  it('uses the stale copy when the server sends an invalid body', async () => {
    storeCache(cachedProducts, T0);
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', products: [{ id: 'x' }] }));

    await expect(loadProducts({ now: T0 + productCacheMs + 1 })).resolves.toEqual(cachedProducts);
  });

  it('rethrows the error when nothing is cached', async () => {
    fetchMock.mockResolvedValue(jsonResponse(503, { status: 'error', message: 'Unavailable' }));

    const failure = loadProducts({ now: T0 });

    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 503, message: 'Unavailable' });
    expect(localStorage.getItem(PRODUCTS_KEY)).toBeNull();
  });

  it('rethrows a network error when nothing is cached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));

    await expect(loadProducts({ now: T0 })).rejects.toMatchObject({ kind: 'network', status: 0 });
  });

  it('ignores an unreadable cached value and calls the server', async () => {
    localStorage.setItem(PRODUCTS_KEY, '{not json');
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', products: serverProducts }));

    await expect(loadProducts({ now: T0 })).resolves.toEqual(serverProducts);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('does not treat a copy saved in the future (clock change) as fresh', async () => {
    storeCache(cachedProducts, T0 + 60_000);
    fetchMock.mockResolvedValue(jsonResponse(200, { status: 'success', products: serverProducts }));

    await expect(loadProducts({ now: T0 })).resolves.toEqual(serverProducts);
  });

  it('gives up on a request that hangs and falls back to the stale copy', async () => {
    storeCache(cachedProducts, T0);
    fetchMock.mockImplementation(
      (_url, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new Error('aborted')));
        }),
    );

    await expect(loadProducts({ now: T0 + productCacheMs + 1, timeoutMs: 20 })).resolves.toEqual(
      cachedProducts,
    );
  });
});
