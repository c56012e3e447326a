/**
 * The coupons' calls (contracts/src/api/catalog-admin.ts) through the typed client: the list, a
 * coupon's history, create and change. Every answer is parsed by the route's response schema.
 */
import {
  changeCoupon,
  consoleCoupons,
  couponHistory,
  createCoupon,
  type CouponInput,
  type CouponView,
} from '@clinic/contracts';
import { queryOptions } from '@tanstack/react-query';
import { callApi } from '../../api/client';

export const couponsKey = ['console-coupons'] as const;

export function couponsQuery() {
  return queryOptions({
    queryKey: couponsKey,
    queryFn: async () => (await callApi(consoleCoupons, {})).coupons,
    retry: false,
  });
}

export function couponHistoryQuery(id: number) {
  return queryOptions({
    queryKey: [...couponsKey, id, 'history'],
    queryFn: async () => (await callApi(couponHistory, { params: { id } })).changes,
    retry: false,
  });
}

/** Creates the coupon, or changes `editing` made from the version the admin opened. */
export async function saveCoupon(
  input: CouponInput,
  editing: CouponView | null,
): Promise<CouponView> {
  if (!editing) return (await callApi(createCoupon, { body: input })).coupon;
  const body = { coupon: input, version: editing.version };
  return (await callApi(changeCoupon, { params: { id: editing.id }, body })).coupon;
}
