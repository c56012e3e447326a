import { createHash } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { PGlite } from '@electric-sql/pglite';
import { count, eq, sql } from 'drizzle-orm';
import { getAllProductsResponseSchema } from '@clinic/contracts';
import {
  baseConfigSchema,
  bootService,
  createLogger,
  finishApp,
  loadConfig,
  openEngines,
  type OpenedEngines,
  type ServiceRuntime,
} from '@clinic/kit';
import { checkoutService } from '../app';
import { catalogVersion, products, productTermPrices } from '../db/schema';
import { listProducts } from '../domain/catalog';
import { CatalogCache } from '../domain/catalog-cache';
import { catalogRoutes } from './catalog';

const logger = createLogger({ service: 'test', level: 'silent' });
const PATH = '/api/get-all-products';

/** One checkout process's HTTP surface over the shared engines. */
function appOf(router: express.Router): express.Express {
  const app = express();
  app.use(router);
  finishApp(app, logger);
  return app;
}

/** Statements sent to the embedded database: every one goes through execProtocolStream. */
function countStatements(): { count: () => number; restore: () => void } {
  // Drizzle's statements reach PGlite as one execProtocol each (PglitePipelinedClient); PGlite's
  // own query, which it falls back on, makes several execProtocolStream calls per statement.
  const spies = [
    jest.spyOn(PGlite.prototype, 'execProtocol'),
    jest.spyOn(PGlite.prototype, 'execProtocolStream'),
  ];
  return {
    count: () => spies.reduce((n, spy) => n + spy.mock.calls.length, 0),
    restore: () => spies.forEach((spy) => spy.mockRestore()),
  };
}

async function until(what: string, check: () => Promise<boolean>, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('the catalog served from memory', () => {
  let engines: OpenedEngines;
  /** A checkout as the product boots it (1 s version checks, never reached in these tests). */
  let runtime: ServiceRuntime;
  let app: express.Express;
  /** A second checkout process on the same database, checking the version every 20 ms. */
  let otherRuntime: ServiceRuntime;
  let otherApp: express.Express;

  beforeAll(async () => {
    engines = await openEngines(loadConfig(baseConfigSchema, { DATA_DIR: ':memory:' }), {
      processName: 'test',
      logger,
    });
    const first = await bootService(checkoutService, engines, { catalogPollMs: 60_000 });
    runtime = first.runtime;
    app = appOf(first.router);
    const second = await bootService(checkoutService, engines, { catalogPollMs: 20 });
    otherRuntime = second.runtime;
    otherApp = appOf(second.router);
  });
  afterAll(async () => {
    await otherRuntime.stop();
    await runtime.stop();
    await engines.close();
  });

  it('answers the very bytes res.json gave for the same rows, with a strong ETag of them', async () => {
    const res = await request(app).get(PATH);
    expect(res.status).toBe(200);
    const expected = JSON.stringify({
      status: 'success',
      products: await listProducts(engines.database.db),
    });
    expect(res.text).toBe(expected);
    getAllProductsResponseSchema.parse(res.body);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(Buffer.byteLength(expected)));
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const hash = createHash('sha256').update(expected).digest('base64url');
    expect(res.headers.etag).toBe(`"${hash}"`);
  });

  it('reads the database once, then not again while the catalog is unchanged', async () => {
    const cold = new CatalogCache(runtime.db, runtime.transaction, logger, 60_000);
    const router = express.Router();
    catalogRoutes(router, cold);
    const coldApp = appOf(router);
    const statements = countStatements();
    try {
      // Requests arriving together on a cold copy share one read.
      const first = await Promise.all([1, 2, 3].map(() => request(coldApp).get(PATH)));
      expect(first.map((r) => r.status)).toEqual([200, 200, 200]);
      const oneRead = statements.count();
      expect(oneRead).toBeGreaterThan(0);

      const before = statements.count();
      const again = await request(coldApp).get(PATH);
      expect(again.status).toBe(200);
      expect(again.text).toBe(first[0]?.text);
      expect(statements.count() - before).toBe(0);

      cold.invalidate();
      const afterDrop = statements.count();
      await Promise.all([1, 2, 3].map(() => request(coldApp).get(PATH)));
      expect(statements.count() - afterDrop).toBe(oneRead);
    } finally {
      statements.restore();
      cold.stop();
    }
  });

  it('answers 304 without a body to a request naming the current ETag', async () => {
    const { headers } = await request(app).get(PATH);
    const etag = String(headers.etag);
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const res = await request(app).get(PATH).set('If-None-Match', ifNoneMatch);
      expect(res.status).toBe(304);
      expect(res.text).toBe('');
      expect(res.headers.etag).toBe(etag);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }
    const stale = await request(app).get(PATH).set('If-None-Match', '"something-older"');
    expect(stale.status).toBe(200);
    expect(stale.headers.etag).toBe(etag);
    // A client that asks for an end-to-end reload gets the body.
    const reload = await request(app)
      .get(PATH)
      .set('If-None-Match', etag)
      .set('Cache-Control', 'no-cache');
    expect(reload.status).toBe(200);
    const head = await request(app).head(PATH);
    expect(head.status).toBe(200);
    expect(head.headers.etag).toBe(etag);
  });

  it('serves a change made through CatalogCache.write on the very next request', async () => {
    const catalog = new CatalogCache(runtime.db, runtime.transaction, logger, 60_000);
    const router = express.Router();
    catalogRoutes(router, catalog);
    const writerApp = appOf(router);
    try {
      const before = await request(writerApp).get(PATH);
      const nausea = (before.body as { products: { sku: string }[] }).products.find(
        (p) => p.sku === 'glp_anti_nausea',
      );
      expect(nausea).toMatchObject({ pricing: { retail_price: 19.97 } });
      // The other process holds the same copy.
      expect((await request(otherApp).get(PATH)).headers.etag).toBe(before.headers.etag);

      await catalog.write((tx) =>
        tx
          .update(products)
          .set({ retailPriceCents: 2497, firstMonthPriceCents: 2497 })
          .where(eq(products.sku, 'glp_anti_nausea')),
      );

      const after = await request(writerApp)
        .get(PATH)
        .set('If-None-Match', String(before.headers.etag));
      expect(after.status).toBe(200);
      expect(after.headers.etag).not.toBe(before.headers.etag);
      const changed = (after.body as { products: { sku: string }[] }).products.find(
        (p) => p.sku === 'glp_anti_nausea',
      );
      expect(changed).toMatchObject({ pricing: { retail_price: 24.97, first_month_price: 24.97 } });
      expect(after.text).toBe(
        JSON.stringify({ status: 'success', products: await listProducts(engines.database.db) }),
      );

      // Another process holding the old copy serves the change within its version check.
      await until('the other process to serve the new price', async () => {
        const res = await request(otherApp).get(PATH);
        return res.headers.etag === after.headers.etag;
      });
    } finally {
      catalog.stop();
    }
  });

  it('a write from outside any process (a migration, psql) reaches every process through the version', async () => {
    const served = async (target: express.Express) => (await request(target).get(PATH)).text;
    // The other process holds a copy (so it checks the version every 20 ms).
    await served(otherApp);
    await engines.database.db
      .update(products)
      .set({ name: 'GLP Anti-Nausea (ondansetron)' })
      .where(eq(products.sku, 'glp_anti_nausea'));
    await until('the other process to serve the renamed add-on', async () =>
      (await served(otherApp)).includes('GLP Anti-Nausea (ondansetron)'),
    );
    expect(await served(otherApp)).toBe(
      JSON.stringify({ status: 'success', products: await listProducts(engines.database.db) }),
    );
  });

  it('bumps the version once per writing statement, not for a read', async () => {
    const { db } = engines.database;
    const version = async () =>
      (await db.select({ version: catalogVersion.version }).from(catalogVersion))[0]?.version;
    const start = (await version())!;
    await db
      .update(productTermPrices)
      .set({ amountCents: sql`${productTermPrices.amountCents}` })
      .where(eq(productTermPrices.productId, 1));
    expect(await version()).toBe(start + 1);
    await db.select({ n: count() }).from(products);
    expect(await version()).toBe(start + 1);
  });
});
