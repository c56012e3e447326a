/**
 * The price table's and the offers' calls (contracts/src/api/catalog-admin.ts) through the typed
 * client, and the product list as the server serves it now (not the browser's 24-hour copy).
 */
import {
  changeOffers,
  changePrices,
  consoleOffers,
  consolePrices,
  getAllProducts,
  offerHistory,
  priceHistory,
  type OfferPlans,
  type PriceTable,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const pricesKey = ['console-prices'] as const;
export const offersKey = ['console-offers'] as const;

export const pricesQuery = () =>
  queryOptions({
    queryKey: pricesKey,
    queryFn: () => callApi(consolePrices, {}),
    retry: false,
  });

export const priceHistoryQuery = () =>
  queryOptions({
    queryKey: [...pricesKey, 'history'],
    queryFn: async () => (await callApi(priceHistory, {})).changes,
    retry: false,
  });

export const offersAdminQuery = () =>
  queryOptions({
    queryKey: offersKey,
    queryFn: () => callApi(consoleOffers, {}),
    retry: false,
  });

export const offerHistoryQuery = () =>
  queryOptions({
    queryKey: [...offersKey, 'history'],
    queryFn: async () => (await callApi(offerHistory, {})).changes,
    retry: false,
  });

/** The catalog as served now: the console must not show the browser's day-old copy. */
export const liveProductsQuery = () =>
  queryOptions({
    queryKey: ['console-products'],
    queryFn: async () => (await callApi(getAllProducts, {})).products,
    retry: false,
  });

export const savePrices = (value: PriceTable, version: number) =>
  callApi(changePrices, { body: { value, version } });

export const saveOffers = (value: OfferPlans, version: number) =>
  callApi(changeOffers, { body: { value, version } });
