/**
 * The price table in force (GET /api/prices, checkout's, at most a second old on the server), for
 * a page that quotes prices in its text: read afresh when the page opens, so an admin's change
 * shows without a deploy.
 */
import { currentPriceTable, type PriceTable } from '@clinic/contracts';
import { callApi } from './client';

export async function fetchPriceTable(): Promise<PriceTable> {
  return (await callApi(currentPriceTable)).prices;
}
