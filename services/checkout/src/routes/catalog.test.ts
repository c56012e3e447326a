import express from 'express';
import request from 'supertest';
import {
  antiNausea,
  centsToDollars,
  firstMonthPrices,
  getAllProductsResponseSchema,
  offerPlans,
  termPrices,
  type Drug,
} from '@clinic/contracts';
import {
  baseConfigSchema,
  bootService,
  finishApp,
  loadConfig,
  openEngines,
  type OpenedEngines,
} from '@clinic/kit';
import { silentLogger } from '@clinic/kit/testing';
import { checkoutService } from '../app';

describe('GET /api/get-all-products', () => {
  let engines: OpenedEngines;
  let app: express.Express;

  beforeAll(async () => {
    engines = await openEngines(loadConfig(baseConfigSchema, { DATA_DIR: ':memory:' }), {
      processName: 'test',
      logger: silentLogger,
    });
    const { router } = await bootService(checkoutService, engines, {});
    app = express();
    app.use(router);
    finishApp(app, silentLogger);
  });
  afterAll(async () => engines.close());

  it('lists every offer plan of both drugs and the anti-nausea add-on from the catalog tables', async () => {
    const res = await request(app).get('/api/get-all-products');
    expect(res.status).toBe(200);
    const body = getAllProductsResponseSchema.parse(res.body);
    const planIds = body.products
      .filter((p) => p.drug)
      .map((p) => p.stripe_id)
      .sort();
    const expected = Object.values(offerPlans)
      .flatMap((variants) => Object.values(variants))
      .sort();
    expect(planIds).toEqual(expected);
    const nausea = body.products.find((p) => p.sku === antiNausea.sku);
    expect(nausea).toMatchObject({
      name: 'GLP Anti-Nausea',
      category: 'secondary',
      pricing: { retail_price: 19.97 },
    });
  });

  it('prices each plan as the spec price table says, in dollars', async () => {
    const { products } = getAllProductsResponseSchema.parse(
      (await request(app).get('/api/get-all-products')).body,
    );
    for (const product of products.filter((p) => p.drug)) {
      const drug = product.drug as Drug;
      expect(product.pricing.first_month_price).toBe(centsToDollars(firstMonthPrices[drug]));
      expect(product.pricing.retail_price).toBe(centsToDollars(termPrices[drug][1]));
      expect(product.pricing.term_prices).toEqual(
        ([1, 3, 6, 12] as const).map((t) => ({
          payment_terms: t,
          amount: centsToDollars(termPrices[drug][t]),
        })),
      );
    }
    const tirz = products.find((p) => p.stripe_id === 'tirz_plan_1');
    expect(tirz?.pricing.first_month_price).toBe(224.99);
    const sema = products.find((p) => p.stripe_id === 'sema_plan_278928');
    expect(sema?.pricing.term_prices?.find((t) => t.payment_terms === 6)?.amount).toBe(809.95);
  });
});
