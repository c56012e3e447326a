/**
 * What operators and browsers rely on at the HTTP level: caching of the web app's files, JSON
 * errors for unknown API paths, the API description, the dev mailbox, health checks and request
 * ids on every answer.
 */
import { expect, test, type APIResponse } from '@playwright/test';
import {
  NAUSEA_NAME,
  NAUSEA_PRICE,
  PRODUCTS_PATH,
  SEEDED_SKUS,
  type StoredProduct,
} from './support';

function expectRequestId(response: APIResponse): string {
  const id = response.headers()['x-request-id'];
  expect(id, `x-request-id on ${response.url()}`).toMatch(/^[A-Za-z0-9._:-]{8,128}$/);
  return id!;
}

const cacheControl = (response: APIResponse) => response.headers()['cache-control'] ?? '';

test.describe('web app files', () => {
  test('robots.txt is a robots file, not the app page', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^text\/plain/);
    expect(await response.text()).toMatch(/^User-agent: \*$/m);
  });

  test('hashed assets are cached for a year as immutable', async ({ request }) => {
    const index = await request.get('/');
    const html = await index.text();
    const scripts = [...html.matchAll(/src="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const styles = [...html.matchAll(/href="(\/assets\/[^"]+\.css)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);

    for (const path of [...scripts, ...styles]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(cacheControl(response), path).toContain('max-age=31536000');
      expect(cacheControl(response), path).toContain('immutable');
      expectRequestId(response);
    }
    const script = await request.get(scripts[0]!);
    expect(script.headers()['content-type']).toMatch(/javascript/);
  });

  test('an asset that no longer exists answers 404, not index.html', async ({ request }) => {
    // A browser holding an old index.html after a deploy asks for files that are gone.
    const response = await request.get('/assets/index-0ldHash0.js');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).not.toMatch(/^text\/html/);
    expect(cacheControl(response)).not.toContain('immutable');
    expectRequestId(response);
  });

  test('/ and any unknown page path answer index.html, never cached', async ({ request }) => {
    const home = await request.get('/');
    expect(home.status()).toBe(200);
    expect(home.headers()['content-type']).toMatch(/^text\/html/);
    expect(cacheControl(home)).toBe('no-cache');
    const html = await home.text();
    expect(html).toContain('<div id="root"></div>');
    expectRequestId(home);

    for (const path of ['/no/such/page', '/home?tab=billing', '/sorry?message=x']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expect(cacheControl(response), path).toBe('no-cache');
      expect(await response.text(), path).toBe(html);
      expectRequestId(response);
    }
  });
});

test.describe('API', () => {
  test('an unknown API path answers a JSON 404, not the web app', async ({ request }) => {
    const response = await request.get('/api/does-not-exist');
    expect(response.status()).toBe(404);
    expect(response.headers()['content-type']).toMatch(/^application\/json/);
    const body = (await response.json()) as { status: string; message: string; requestId: string };
    expect(body.status).toBe('error');
    expect(typeof body.message).toBe('string');
    // The id in the body is the one in the header, so support can find the log line.
    expect(body.requestId).toBe(expectRequestId(response));
  });

  test('GET /api/get-all-products lists the 7 seeded products', async ({ request }) => {
    const response = await request.get(PRODUCTS_PATH);
    expect(response.status()).toBe(200);
    expectRequestId(response);
    const body = (await response.json()) as { status: string; products: StoredProduct[] };
    expect(body.status).toBe('success');
    expect(body.products).toHaveLength(7);
    expect(body.products.map((p) => p.sku)).toEqual(expect.arrayContaining(SEEDED_SKUS));
    const nausea = body.products.find((p) => p.name === NAUSEA_NAME);
    expect(nausea?.pricing.retail_price).toBe(NAUSEA_PRICE);
  });

  test('/api/openapi.json describes the API as OpenAPI 3.1', async ({ request }) => {
    const response = await request.get('/api/openapi.json');
    expect(response.status()).toBe(200);
    expectRequestId(response);
    const doc = (await response.json()) as {
      openapi: string;
      paths: Record<string, Record<string, unknown>>;
    };
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.paths[PRODUCTS_PATH]).toBeDefined();
    expect(doc.paths[PRODUCTS_PATH]!['get']).toBeDefined();
  });
});

test.describe('operations', () => {
  test('the dev mailbox answers its page and its messages as JSON', async ({ request }) => {
    const messages = await request.get('/dev/mailbox/api/messages');
    expect(messages.status()).toBe(200);
    expectRequestId(messages);
    const body = (await messages.json()) as { messages: unknown };
    expect(Array.isArray(body.messages)).toBe(true);

    const page = await request.get('/dev/mailbox');
    expect(page.status()).toBe(200);
    expect(page.headers()['content-type']).toMatch(/^text\/html/);
    expectRequestId(page);
  });

  test('/healthz and /readyz answer 200', async ({ request }) => {
    for (const path of ['/healthz', '/readyz']) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(200);
      expectRequestId(response);
    }
  });

  test('every answer carries its own request id, or the caller’s when it sends one', async ({
    request,
  }) => {
    const first = expectRequestId(await request.get('/healthz'));
    const second = expectRequestId(await request.get('/healthz'));
    expect(first).not.toBe(second);

    const traced = await request.get('/api/does-not-exist', {
      headers: { 'x-request-id': 'e2e-trace-0001' },
    });
    expect(traced.headers()['x-request-id']).toBe('e2e-trace-0001');

    // An id that could forge log lines is replaced, not echoed.
    const forged = await request.get('/healthz', {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(expectRequestId(forged)).not.toBe('bad id with spaces');
  });
});
